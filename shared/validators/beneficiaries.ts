import { z } from "zod";
import { RELATIONSHIPS } from "../schema/beneficiaries";
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
