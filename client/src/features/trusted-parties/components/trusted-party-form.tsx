import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { createTrustedPartySchema, type CreateTrustedPartyInput } from "@shared/validators/trusted-parties";
import type { TrustedPartyDto } from "@shared/api-types";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-field";
import { SelectField } from "@/components/ui/select-field";
import { parseApiError } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import {
  EMPTY,
  FIELDS,
  RELATIONSHIP_OPTIONS,
  valuesOf,
  type FormValues,
} from "@/features/trusted-parties/lib/trusted-party-form-values";

type TrustedPartyFormProps = {
  /** Rejects with the API error; the form puts its messages next to the fields and stays filled. */
  onSubmit: (values: CreateTrustedPartyInput) => Promise<void>;
  /** Set: edit this party (its numbers unmasked); the form is not cleared after a save. Unset: add a new one. */
  party?: TrustedPartyDto;
  onCancel?: () => void;
};

/**
 * Spec 001 trusted party form, for adding and editing: the shared schema checks it here and on the server. The add
 * form is cleared after a success.
 */
export function TrustedPartyForm({ onSubmit, party, onCancel }: TrustedPartyFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, CreateTrustedPartyInput>({
    resolver: zodResolver(createTrustedPartySchema),
    defaultValues: party ? valuesOf(party) : EMPTY,
  });
  const isEdit = party !== undefined;

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      if (!isEdit) reset(EMPTY);
    } catch (error) {
      if (!applyServerErrors(error, FIELDS, setError)) {
        setError("root", { message: parseApiError(error).message || "An error occurred" });
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={isEdit ? "Edit trusted party" : "Add trusted party"}>
      <fieldset disabled={isSubmitting} className="grid gap-4 sm:grid-cols-2">
        <TextField label="Full name" error={errors.trustedPersonName?.message} {...register("trustedPersonName")} />
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          error={errors.trustedPersonEmail?.message}
          {...register("trustedPersonEmail")}
        />
        <SelectField
          label="Relationship"
          options={RELATIONSHIP_OPTIONS}
          emptyOption="Select a relationship"
          error={errors.relationship?.message}
          {...register("relationship")}
        />
        <TextField
          label="Phone (optional)"
          placeholder="+233XXXXXXXXX"
          error={errors.trustedPersonPhone?.message}
          {...register("trustedPersonPhone")}
        />
        <TextField
          label="Ghana Card number (optional)"
          placeholder="GHA-XXXXXXXXX-X"
          error={errors.ghanaCardNumber?.message}
          {...register("ghanaCardNumber")}
        />
        <TextField
          label="Mobile money number (optional)"
          placeholder="+233XXXXXXXXX"
          error={errors.mobileMoneyNumber?.message}
          {...register("mobileMoneyNumber")}
        />
        <TextField
          label="Traditional authority (optional)"
          containerClassName="sm:col-span-2"
          error={errors.traditionalAuthority?.message}
          {...register("traditionalAuthority")}
        />
        <div className="grid gap-2 text-sm sm:col-span-2">
          <label className="flex items-center gap-2">
            <input type="checkbox" {...register("canInitiateDeathVerification")} />
            Can report my death (start death verification)
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" {...register("canAccessAssets")} />
            Can access assets
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" {...register("canManageBeneficiaries")} />
            Can manage beneficiaries
          </label>
        </div>
        <FormError message={errors.root?.message} />
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit">
            {isEdit ? (isSubmitting ? "Saving..." : "Save Changes") : isSubmitting ? "Adding..." : "Add Trusted Party"}
          </Button>
          {onCancel ? (
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}
