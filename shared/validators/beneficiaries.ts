import { z } from "zod";
import { RELATIONSHIPS } from "../relationships";
import { requiredText } from "./common";

/** Spec 000 §5 messages. Status is never taken from the body: it changes only through the verification link. */
export const BENEFICIARY_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  email: "Valid email is required",
  relationship: "Relationship is required",
} as const;

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
