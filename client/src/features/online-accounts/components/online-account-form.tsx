import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { ASSET_KINDS, humanize } from "@shared/asset-types";
import { ASSET_MESSAGES, createOnlineAccountSchema } from "@shared/validators/assets";
import { PRIORITIES } from "@shared/validators/common";
import { FormDialogFooter } from "@/components/form-dialog-footer";
import { FormField, TextField, fieldAria } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { applyServerErrors, withRequiredFields } from "@/lib/form-errors";
import type { TypedAssetPayload } from "@/lib/typed-assets";
import type { OnlineAccount } from "@/features/online-accounts/lib/account-display";
import {
  ACCOUNT_FIELDS,
  accountDefaults,
  accountPayload,
  type AccountFormValues,
} from "@/features/online-accounts/lib/account-form-values";
import { RequiredLabel } from "@/features/online-accounts/components/required-label";
import { BeneficiarySelect } from "@/components/beneficiary-select";
import { SecretField } from "@/components/ui/secret-field";
import { SelectField } from "@/components/ui/select-field";

const TYPE_OPTIONS = ASSET_KINDS.online_accounts.categories.map((t) => ({ value: t, label: humanize(t) }));
const PRIORITY_OPTIONS = PRIORITIES.map((p) => ({ value: p, label: humanize(p) }));
const NOTES = [
  { name: "recoveryInfo", label: "Recovery information" },
  { name: "twoFactorInfo", label: "Two-factor authentication (2FA) information" },
  { name: "instructions", label: "Instructions for your beneficiary" },
] as const;

/** The schema checks name and type in its last step: report them alongside any other problem (lib/form-errors.ts). */
const resolver = withRequiredFields<AccountFormValues, TypedAssetPayload>(zodResolver(createOnlineAccountSchema), [
  { name: "accountName", message: ASSET_MESSAGES.accountName },
  { name: "accountType", message: ASSET_MESSAGES.accountType },
]);

type OnlineAccountFormProps = {
  account?: OnlineAccount;
  /** Rejects when the write failed; the server's per-field messages then show under the fields. */
  onSubmit: (payload: TypedAssetPayload) => Promise<void>;
  onCancel: () => void;
};

/** Add and edit share this form; createOnlineAccountSchema (the server's) validates it (spec 001 §5). */
export function OnlineAccountForm({ account, onSubmit, onCancel }: OnlineAccountFormProps) {
  const id = useId();
  const { register, control, handleSubmit, setError, formState } = useForm<
    AccountFormValues,
    unknown,
    TypedAssetPayload
  >({
    resolver,
    defaultValues: accountDefaults(account),
  });
  const { errors, isSubmitting } = formState;
  const isEditing = account !== undefined;
  const required = { "aria-required": true } as const;

  const submit = handleSubmit(async (parsed) => {
    try {
      await onSubmit(accountPayload(parsed, account));
    } catch (error) {
      applyServerErrors(error, ACCOUNT_FIELDS, setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={isEditing ? "Edit online account" : "Add online account"}>
      <fieldset disabled={isSubmitting} className="grid gap-6">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField
            label={<RequiredLabel text="Account name" />}
            {...required}
            placeholder="Personal Gmail"
            error={errors.accountName?.message}
            {...register("accountName")}
          />
          <SelectField
            label={<RequiredLabel text="Account type" />}
            {...required}
            options={TYPE_OPTIONS}
            emptyOption="Select an account type"
            error={errors.accountType?.message}
            {...register("accountType", { setValueAs: (v: string) => (v === "" ? undefined : v) })}
          />
          <TextField
            label="Platform"
            placeholder="gmail.com"
            error={errors.platform?.message}
            {...register("platform")}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...register("email")}
          />
          <TextField label="Username" autoComplete="off" error={errors.username?.message} {...register("username")} />
          <SecretField label="Password hint" error={errors.passwordHint?.message} {...register("passwordHint")} />
          <TextField
            label="Account value"
            placeholder="GHS 500 balance"
            error={errors.accountValue?.message}
            {...register("accountValue")}
          />
          <SelectField
            label="Priority"
            options={PRIORITY_OPTIONS}
            error={errors.priority?.message}
            {...register("priority")}
          />
          <Controller
            control={control}
            name="assignedToBeneficiary"
            render={({ field: { value, ...rest } }) => (
              <BeneficiarySelect
                {...rest}
                subject="this account"
                value={value == null ? "" : String(value)}
                error={errors.assignedToBeneficiary?.message}
              />
            )}
          />
          {NOTES.map(({ name, label }) => (
            <FormField
              key={name}
              id={`${id}-${name}`}
              label={label}
              error={errors[name]?.message}
              className="sm:col-span-2"
            >
              <Textarea
                rows={2}
                className="min-h-16"
                {...register(name)}
                {...fieldAria(`${id}-${name}`, errors[name]?.message)}
              />
            </FormField>
          ))}
        </div>
        <FormDialogFooter
          onCancel={onCancel}
          isSubmitting={isSubmitting}
          isEditing={isEditing}
          addLabel="Add Account"
          editLabel="Update Account"
        />
      </fieldset>
    </form>
  );
}
