import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { createTriggerSchema, TRIGGER_MESSAGES, type CreateTriggerInput } from "@shared/validators/triggers";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-field";
import { SelectField } from "@/components/ui/select-field";
import { parseApiError } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { TriggerTypeFields } from "@/features/triggers/components/trigger-type-fields";
import { isNotInFuture, TRIGGER_TYPE_LABELS } from "@/features/triggers/lib/describe-trigger";

export type TriggerFormValues = z.input<typeof createTriggerSchema>;
export type TriggerChoices = {
  beneficiaries: { id: number; firstName: string; lastName: string }[];
  files: { id: number; title: string }[];
  bundles: { id: number; name: string }[];
};

const FIELDS = [
  "beneficiaryId",
  "triggerType",
  "triggerDate",
  "inactivityDays",
  "ageThreshold",
  "assetId",
  "assetBundleId",
  "message",
  "verificationMethod",
  "description",
] as const;
const TYPE_OPTIONS = Object.entries(TRIGGER_TYPE_LABELS).map(([value, label]) => ({ value, label }));
const VERIFICATION_OPTIONS = [
  { value: "trusted_party", label: "A trusted party confirms first" },
  { value: "automatic", label: "Automatic (no confirmation)" },
];

type TriggerFormProps = {
  choices: TriggerChoices;
  onSubmit: (values: CreateTriggerInput) => Promise<void>;
  onCancel: () => void;
};

/** The create form (spec 001 §5): the shared schema checks it here and on the server. */
export function TriggerForm({ choices, onSubmit, onCancel }: TriggerFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<TriggerFormValues, unknown, CreateTriggerInput>({
    resolver: zodResolver(createTriggerSchema),
    defaultValues: {
      beneficiaryId: "",
      triggerType: undefined,
      triggerDate: "",
      inactivityDays: "",
      ageThreshold: "",
      assetId: "",
      assetBundleId: "",
      message: "",
      // the Verification choice decides (spec 001 §5: trusted party by default)
      requiresVerification: false,
      verificationMethod: "trusted_party",
      description: "",
    },
  });

  const triggerType = useWatch({ control, name: "triggerType" });

  const submit = handleSubmit(async (values) => {
    if (isNotInFuture(values.triggerDate)) {
      setError("triggerDate", { message: TRIGGER_MESSAGES.triggerDate });
      return;
    }
    try {
      await onSubmit(values);
    } catch (error) {
      if (!applyServerErrors(error, FIELDS, setError)) setError("root", { message: parseApiError(error).message });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Create trigger">
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <SelectField
          label="Beneficiary"
          emptyOption="Choose a beneficiary"
          options={choices.beneficiaries.map((b) => ({ value: String(b.id), label: `${b.firstName} ${b.lastName}` }))}
          error={errors.beneficiaryId?.message}
          {...register("beneficiaryId")}
        />
        <SelectField
          label="Trigger type"
          emptyOption="Choose a trigger type"
          options={TYPE_OPTIONS}
          error={errors.triggerType?.message}
          {...register("triggerType")}
        />
        <TriggerTypeFields type={triggerType} register={register} errors={errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="File to release (optional)"
            emptyOption="Everything assigned to them"
            options={choices.files.map((f) => ({ value: String(f.id), label: f.title }))}
            error={errors.assetId?.message}
            {...register("assetId")}
          />
          <SelectField
            label="Bundle to release (optional)"
            emptyOption="No bundle"
            options={choices.bundles.map((b) => ({ value: String(b.id), label: b.name }))}
            error={errors.assetBundleId?.message}
            {...register("assetBundleId")}
          />
        </div>
        <SelectField
          label="Verification"
          options={VERIFICATION_OPTIONS}
          error={errors.verificationMethod?.message}
          {...register("verificationMethod")}
        />
        <TextField
          label="Message to the beneficiary (optional, shown on the release page)"
          error={errors.message?.message}
          {...register("message")}
        />
        <TextField label="Description (optional)" error={errors.description?.message} {...register("description")} />
        <FormError message={errors.root?.message} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">{isSubmitting ? "Creating..." : "Create Trigger"}</Button>
        </div>
      </fieldset>
    </form>
  );
}
