import { z } from "zod";
import { RELATIONSHIPS } from "../relationships";
import { requiredText } from "./common";

/** Spec 000 §5 messages. Status is never taken from the body: it changes only through the verification link. */
export const BENEFICIARY_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  email: "Valid email is required",
  relationship: "Relationship is required",
  dateOfBirth: "Date of birth must be a real date in the past (YYYY-MM-DD)",
} as const;

/** A calendar date written YYYY-MM-DD that exists, after 1900 and not in the future. */
function isPastDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return (
    !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= "1900-01-01" && d.getTime() <= Date.now()
  );
}

export const createBeneficiarySchema = z.object({
  firstName: requiredText(BENEFICIARY_MESSAGES.firstName, 100),
  lastName: requiredText(BENEFICIARY_MESSAGES.lastName, 100),
  email: z
    .string({ error: BENEFICIARY_MESSAGES.email })
    .trim()
    .toLowerCase()
    .max(254, { error: BENEFICIARY_MESSAGES.email })
    .email({ error: BENEFICIARY_MESSAGES.email }),
  relationship: z.enum(RELATIONSHIPS, { error: BENEFICIARY_MESSAGES.relationship }),
  /** Optional (YYYY-MM-DD), a real past date: age-milestone triggers count from it. "" or null clears it. */
  dateOfBirth: z
    .union([z.string(), z.null()], { error: BENEFICIARY_MESSAGES.dateOfBirth })
    .optional()
    .transform((v) => (v === "" ? null : v))
    .refine((v) => v == null || isPastDate(v), { error: BENEFICIARY_MESSAGES.dateOfBirth }),
});
export type CreateBeneficiaryInput = z.infer<typeof createBeneficiarySchema>;

export const updateBeneficiarySchema = createBeneficiarySchema.partial();
export type UpdateBeneficiaryInput = z.infer<typeof updateBeneficiarySchema>;

/** The Beneficiaries list size when `limit` is absent: a list is always read a page at a time. */
export const BENEFICIARY_PAGE_DEFAULT = 50;
export const BENEFICIARY_PAGE_MAX = 200;

/**
 * GET /api/beneficiaries query: a page (`limit` 1–200, 50 by default; `offset`) and an optional search `q` whose
 * every word must appear in the name, e-mail or relationship.
 */
export const beneficiaryListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(BENEFICIARY_PAGE_MAX).default(BENEFICIARY_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((q) => q || undefined),
});
export type BeneficiaryListQuery = z.infer<typeof beneficiaryListQuery>;
