import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { TRUSTED_RELATIONSHIPS } from "@shared/validators/trusted-parties";
import { deathReportSchema, type DeathReportInput } from "@shared/validators/death-verification";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-field";
import { SelectField } from "@/components/ui/select-field";
import { parseApiError } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { useReportDeath } from "@/features/death-verification/api/report";

type FormValues = z.input<typeof deathReportSchema>;
const FIELDS = ["subjectEmail", "reporterName", "reporterEmail", "relationship"] as const;
const OPTIONS = TRUSTED_RELATIONSHIPS.map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) }));
const EMPTY: FormValues = {
  subjectEmail: "",
  reporterName: "",
  reporterEmail: "",
  relationship: "" as FormValues["relationship"],
};

/**
 * The public death report (contract): the same answer whatever the address names; nothing happens until the reporter
 * confirms their own e-mail through the link we send.
 */
export function ReportDeathForm() {
  const report = useReportDeath();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, DeathReportInput>({
    resolver: zodResolver(deathReportSchema),
    defaultValues: EMPTY,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await report.mutateAsync(values);
    } catch (error) {
      if (!applyServerErrors(error, FIELDS, setError)) {
        setError("root", { message: parseApiError(error).message || "We could not send your report." });
      }
    }
  });

  if (report.isSuccess) {
    return (
      <p role="status" className="rounded-md border border-success bg-card p-4 text-sm">
        {report.data.message}
      </p>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Report a death">
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <TextField
          label="E-mail address of the person who died"
          type="email"
          error={errors.subjectEmail?.message}
          {...register("subjectEmail")}
        />
        <TextField label="Your full name" error={errors.reporterName?.message} {...register("reporterName")} />
        <TextField
          label="Your e-mail"
          type="email"
          error={errors.reporterEmail?.message}
          {...register("reporterEmail")}
        />
        <SelectField
          label="Your relationship to them"
          options={OPTIONS}
          emptyOption="Select a relationship"
          error={errors.relationship?.message}
          {...register("relationship")}
        />
        <FormError message={errors.root?.message} />
        <Button type="submit" className="w-full">
          {isSubmitting ? "Sending..." : "Send report"}
        </Button>
      </fieldset>
    </form>
  );
}
