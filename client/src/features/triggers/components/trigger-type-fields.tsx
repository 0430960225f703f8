import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { TextField } from "@/components/ui/form-field";
import type { TriggerFormValues } from "@/features/triggers/components/trigger-form";

type Props = {
  type: TriggerFormValues["triggerType"] | undefined;
  register: UseFormRegister<TriggerFormValues>;
  errors: FieldErrors<TriggerFormValues>;
};

/** The chosen type's own parameter (contract): a date, a number of days, or an age. */
export function TriggerTypeFields({ type, register, errors }: Props) {
  if (type === "specific_date")
    return (
      <TextField
        label="Date and time"
        type="datetime-local"
        error={errors.triggerDate?.message}
        {...register("triggerDate")}
      />
    );
  if (type === "inactivity_period")
    return (
      <TextField
        label="Days without a sign-in or check-in"
        type="number"
        min={1}
        max={3650}
        hint="We warn you by e-mail at 50 % and 25 % of the period left, then 7, 3 and 1 day(s) before."
        error={errors.inactivityDays?.message}
        {...register("inactivityDays")}
      />
    );
  if (type === "age_milestone")
    return (
      <TextField
        label="Beneficiary's age"
        type="number"
        min={1}
        max={120}
        hint="Fires on the birthday the beneficiary reaches this age (their date of birth is needed)."
        error={errors.ageThreshold?.message}
        {...register("ageThreshold")}
      />
    );
  if (type === "death_certificate")
    return (
      <p className="rounded-md bg-muted p-3 text-sm">
        Fires when a death verification about you completes its waiting period.
      </p>
    );
  return null;
}
