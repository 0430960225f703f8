import { z } from "zod";
import { optionalText, requiredText, stripInvisible } from "./common";

/** Spec 001 trusted party form: the relationship list the contract fixes. */
export const TRUSTED_RELATIONSHIPS = ["spouse", "child", "parent", "sibling", "attorney", "friend"] as const;
export type TrustedRelationship = (typeof TRUSTED_RELATIONSHIPS)[number];

export const TRUSTED_PARTY_STATUSES = ["inactive", "active", "revoked"] as const;
export type TrustedPartyStatus = (typeof TRUSTED_PARTY_STATUSES)[number];

/** Most trusted parties one owner may name: the spec sets no plan limit, this keeps invitations from being a mailer. */
export const TRUSTED_PARTY_MAX = 20;

export const TRUSTED_PARTY_MESSAGES = {
  name: "Full name is required",
  email: "Valid email is required",
  relationship: "Relationship is required",
  phone: "Invalid Ghana phone number format",
  ghanaCard: "Ghana Card number must look like GHA-123456789-1",
  added: "Trusted party added successfully",
  addFailed: "Failed to add trusted party",
} as const;

const GHANA_PHONE = /^\+233\d{9}$/;
const GHANA_CARD = /^GHA-\d{9}-\d$/;

/** Optional formatted value: "" and null are absent; spaces are dropped before the format is checked. */
const optionalFormatted = (pattern: RegExp, message: string, upper = false) =>
  z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((v) => {
      if (v == null) return undefined;
      const s = stripInvisible(v).replace(/\s+/g, "");
      return (upper ? s.toUpperCase() : s) || undefined;
    })
    .refine((v) => v === undefined || pattern.test(v), { error: message });

/**
 * The owner's trusted party body (contract). Unknown keys are dropped: `status`, `activatedAt` and
 * `trustedPersonId` move only through the invitation and revoke endpoints (MASS-06).
 */
export const createTrustedPartySchema = z.object({
  trustedPersonName: requiredText(TRUSTED_PARTY_MESSAGES.name, 200),
  trustedPersonEmail: z
    .string({ error: TRUSTED_PARTY_MESSAGES.email })
    .trim()
    .toLowerCase()
    .max(254, { error: TRUSTED_PARTY_MESSAGES.email })
    .email({ error: TRUSTED_PARTY_MESSAGES.email }),
  relationship: z.enum(TRUSTED_RELATIONSHIPS, { error: TRUSTED_PARTY_MESSAGES.relationship }),
  trustedPersonPhone: optionalFormatted(GHANA_PHONE, TRUSTED_PARTY_MESSAGES.phone),
  ghanaCardNumber: optionalFormatted(GHANA_CARD, TRUSTED_PARTY_MESSAGES.ghanaCard, true),
  mobileMoneyNumber: optionalFormatted(GHANA_PHONE, TRUSTED_PARTY_MESSAGES.phone),
  traditionalAuthority: optionalText(200),
  canInitiateDeathVerification: z.boolean().optional(),
  canAccessAssets: z.boolean().optional(),
  canManageBeneficiaries: z.boolean().optional(),
});
export type CreateTrustedPartyInput = z.infer<typeof createTrustedPartySchema>;

export const updateTrustedPartySchema = createTrustedPartySchema.partial();
export type UpdateTrustedPartyInput = z.infer<typeof updateTrustedPartySchema>;

/** The invitation link's token (generateToken(): 32 bytes base64url). */
export const acceptTrustedPartyInvitationSchema = z.object({ token: z.string().min(1).max(100) }).strict();
