import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "wouter";
import type { z } from "zod";
import type { BeneficiaryDto } from "@shared/api-types";
import { createBeneficiarySchema, type CreateBeneficiaryInput } from "@shared/validators/beneficiaries";
import { Button } from "@/components/ui/button";
import { fieldAria, FormError, FormField, TextField } from "@/components/ui/form-field";
import { paths } from "@/config/paths";
import { parseApiError } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { RelationshipSelect } from "@/features/beneficiaries/components/relationship-select";
import { isRelationship } from "@/features/beneficiaries/lib/relationships";

type BeneficiaryFormValues = z.input<typeof createBeneficiarySchema>;
const FIELDS = ["firstName", "lastName", "email", "relationship", "dateOfBirth"] as const;
const PLAN_LIMIT = "planLimit";

type BeneficiaryFormProps = {
  /** Edit mode starts from this beneficiary; add mode starts with every field empty (spec 000 §5). */
  beneficiary?: BeneficiaryDto;
  submitLabel: string;
  /** Rejects with the API error; the form puts its messages next to the fields. */
  onSubmit: (values: CreateBeneficiaryInput) => Promise<void>;
  onCancel: () => void;
};

/** The one add/edit form; the same shared schema checks it here and on the server. */
export function BeneficiaryForm({ beneficiary, submitLabel, onSubmit, onCancel }: BeneficiaryFormProps) {
  const relationshipId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BeneficiaryFormValues, unknown, CreateBeneficiaryInput>({
    resolver: zodResolver(createBeneficiarySchema),
    defaultValues: {
      firstName: beneficiary?.firstName ?? "",
      lastName: beneficiary?.lastName ?? "",
      email: beneficiary?.email ?? "",
      relationship: beneficiary && isRelationship(beneficiary.relationship) ? beneficiary.relationship : undefined,
      dateOfBirth: beneficiary?.dateOfBirth ?? "",
    },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const { status, message } = parseApiError(error);
      const placed = applyServerErrors(error, FIELDS, setError);
      if (status === 402) setError(`root.${PLAN_LIMIT}`, { message });
      else if (!placed) setError("root", { message: message || "An error occurred" });
    }
  });

  const relationshipError = errors.relationship?.message;
  const planLimit = errors.root?.[PLAN_LIMIT]?.message;
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="off"
            error={errors.firstName?.message}
            {...register("firstName")}
          />
          <TextField label="Last name" autoComplete="off" error={errors.lastName?.message} {...register("lastName")} />
        </div>
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register("email")}
        />
        <FormField id={relationshipId} label="Relationship" error={relationshipError}>
          <RelationshipSelect {...register("relationship")} {...fieldAria(relationshipId, relationshipError)} />
        </FormField>
        <TextField
          label="Date of birth (optional, for age milestones)"
          type="date"
          error={errors.dateOfBirth?.message}
          {...register("dateOfBirth")}
        />
        {planLimit !== undefined ? (
          <div role="alert" className="grid gap-2 rounded-md border border-accent bg-accent/10 p-3 text-sm">
            <p>{planLimit || "Your plan's beneficiary limit is reached. Upgrading lifts it."}</p>
            <Link
              href={paths.pricing.getHref()}
              className="w-fit font-medium text-primary underline underline-offset-4"
            >
              See plans and upgrade
            </Link>
          </div>
        ) : null}
        <FormError message={errors.root?.message} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">{isSubmitting ? "Saving..." : submitLabel}</Button>
        </div>
      </fieldset>
    </form>
  );
}
