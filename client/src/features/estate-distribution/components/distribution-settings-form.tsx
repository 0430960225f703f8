import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { EstateDistributionDto } from "@shared/api-types";
import {
  DISTRIBUTION_KINDS,
  DISTRIBUTION_TIMINGS,
  DISTRIBUTION_TRIGGER_TYPES,
  WAITING_PERIOD_MAX_DAYS,
  WAITING_PERIOD_MIN_DAYS,
  estateDistributionSchema,
  type EstateDistributionFields,
} from "@shared/validators/estate-distribution";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-field";
import { SelectField } from "@/components/ui/select-field";
import { parseApiError } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { kindLabel, TIMING_LABELS, TRIGGER_LABELS } from "@/features/estate-distribution/lib/distribution-labels";

type FormValues = z.input<typeof estateDistributionSchema>;
const FIELDS = ["triggerType", "waitingPeriodDays"] as const;
const TRIGGER_OPTIONS = DISTRIBUTION_TRIGGER_TYPES.map((value) => ({ value, label: TRIGGER_LABELS[value] }));
const TIMING_OPTIONS = DISTRIBUTION_TIMINGS.map((value) => ({ value, label: TIMING_LABELS[value] }));
const FLAGS: { name: keyof FormValues & `${"include" | "immediate" | "requires"}${string}`; label: string }[] = [
  { name: "includeDigitalFiles", label: "Include digital files (photos, documents, digital content)" },
  { name: "includeOnlineAccounts", label: "Include online accounts" },
  { name: "includeFinancialAssets", label: "Include financial assets" },
  { name: "includeIntellectualProperty", label: "Include intellectual property" },
  { name: "requiresLegalReview", label: "Hold legal-review assets until a legal review is done" },
  { name: "immediateDistribution", label: "Release delayed assets at once, without the waiting period" },
];

type DistributionSettingsFormProps = {
  settings: EstateDistributionDto;
  /** Rejects with the API error; the form puts its messages next to the fields and stays filled. */
  onSubmit: (values: EstateDistributionFields) => Promise<void>;
};

/** The owner's estate distribution settings (spec 001 §3), checked by the shared schema here and on the server. */
export function DistributionSettingsForm({ settings, onSubmit }: DistributionSettingsFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, EstateDistributionFields>({
    resolver: zodResolver(estateDistributionSchema),
    defaultValues: settings,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (!applyServerErrors(error, FIELDS, setError)) {
        setError("root", { message: parseApiError(error).message || "An error occurred" });
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Distribution settings">
      <fieldset disabled={isSubmitting} className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="What starts the distribution"
          options={TRIGGER_OPTIONS}
          error={errors.triggerType?.message}
          {...register("triggerType")}
        />
        <TextField
          label="Waiting period (days)"
          type="number"
          inputMode="numeric"
          min={WAITING_PERIOD_MIN_DAYS}
          max={WAITING_PERIOD_MAX_DAYS}
          hint="How long delayed assets wait after the death is verified."
          error={errors.waitingPeriodDays?.message}
          {...register("waitingPeriodDays", { valueAsNumber: true })}
        />
        <div className="grid gap-2 text-sm sm:col-span-2">
          {FLAGS.map((flag) => (
            <label key={flag.name} className="flex items-center gap-2">
              <input type="checkbox" {...register(flag.name)} />
              {flag.label}
            </label>
          ))}
        </div>
        {DISTRIBUTION_KINDS.map((kind) => (
          <SelectField
            key={kind}
            label={`${kindLabel(kind)}: when`}
            options={TIMING_OPTIONS}
            error={errors.categoryTimings?.[kind]?.message}
            {...register(`categoryTimings.${kind}`)}
          />
        ))}
        <FormError message={errors.root?.message} />
        <div className="sm:col-span-2">
          <Button type="submit">{isSubmitting ? "Saving..." : "Save Settings"}</Button>
        </div>
      </fieldset>
    </form>
  );
}
