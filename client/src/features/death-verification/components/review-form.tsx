import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import {
  CHECK_LABELS,
  SOURCE_CHECKS,
  VERIFY_THRESHOLD,
  scoreOf,
  type CheckName,
  type DeathVerificationReviewDto,
} from "@shared/death-verification";
import {
  reviewDeathVerificationSchema,
  type ReviewDeathVerificationInput,
} from "@shared/validators/death-verification";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-field";
import { SelectField } from "@/components/ui/select-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { parseApiError } from "@/lib/api-client";
import { useReviewDeathVerification } from "@/features/death-verification/api/review";

type FormValues = z.input<typeof reviewDeathVerificationSchema>;
const VERDICTS = [
  { value: "verified", label: "Accept" },
  { value: "rejected", label: "Reject" },
];

function defaultsOf(item: DeathVerificationReviewDto): FormValues {
  return {
    checks: Object.fromEntries(
      SOURCE_CHECKS.map((name) => [
        name,
        { confirmed: item.checks[name]?.confirmed ?? false, reference: item.checks[name]?.reference ?? "" },
      ]),
    ),
    documents: item.documents.map((d) => ({
      id: d.id,
      status: d.verificationStatus === "rejected" ? "rejected" : "verified",
    })),
    decision: "verify",
    notes: "",
  };
}

/**
 * The admin's review of one request: what each source confirmed and its reference (a manual provider: nothing is
 * looked up for the admin), a verdict per document, the decision. The score shown is the published weights'; the
 * server computes its own.
 */
export function ReviewForm({ item }: { item: DeathVerificationReviewDto }) {
  const review = useReviewDeathVerification(item.id);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, ReviewDeathVerificationInput>({
    resolver: zodResolver(reviewDeathVerificationSchema),
    defaultValues: defaultsOf(item),
  });
  const values = useWatch({ control });
  const confirmed: Partial<Record<CheckName, boolean>> = {
    familyConfirmation: item.breakdown.find((b) => b.check === "familyConfirmation")?.confirmed ?? false,
    documentUpload:
      (values.documents ?? []).length > 0 && (values.documents ?? []).every((d) => d.status === "verified"),
  };
  for (const name of SOURCE_CHECKS) confirmed[name] = values.checks?.[name]?.confirmed === true;
  const { score } = scoreOf(confirmed);

  const submit = handleSubmit(async (input) => {
    try {
      const result = await review.mutateAsync(input);
      toast({
        title: "Review recorded",
        description: `Request #${item.id} is now ${result.status}.`,
        variant: "success",
      });
    } catch (error) {
      setError("root", { message: parseApiError(error).message || "The review could not be recorded." });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`Review request ${item.id}`} className="grid gap-4">
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <legend className="text-sm font-semibold">Sources checked</legend>
        {SOURCE_CHECKS.map((name) => (
          <div key={name} className="grid gap-2 sm:grid-cols-2 sm:items-end">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" {...register(`checks.${name}.confirmed`)} />
              {CHECK_LABELS[name]} confirmed
            </label>
            <TextField
              label={`${CHECK_LABELS[name]} reference`}
              error={errors.checks?.[name]?.reference?.message}
              {...register(`checks.${name}.reference`)}
            />
          </div>
        ))}
        {item.documents.map((d, i) => (
          <SelectField
            key={d.id}
            label={`${d.fileName} (${d.documentType.replace(/_/g, " ")})`}
            options={VERDICTS}
            {...register(`documents.${i}.status`)}
          />
        ))}
        <SelectField
          label="Decision"
          options={[
            { value: "verify", label: "Verify" },
            { value: "reject", label: "Reject" },
          ]}
          error={errors.decision?.message}
          {...register("decision")}
        />
        <label className="grid gap-1 text-sm font-medium">
          Notes (the reason reaches the requestor on a rejection)
          <Textarea {...register("notes")} />
        </label>
        <p role="status" className="text-sm">
          Score: {score} / 100 {score >= VERIFY_THRESHOLD ? "(enough to verify)" : `(needs ${VERIFY_THRESHOLD})`}
        </p>
        <FormError message={errors.root?.message} />
        <Button type="submit" className="w-fit">
          {isSubmitting ? "Saving..." : "Record review"}
        </Button>
      </fieldset>
    </form>
  );
}
