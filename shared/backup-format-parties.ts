import { z } from "zod";
import { TRUSTED_RELATIONSHIPS } from "./validators/trusted-parties";
import { estateDistributionSchema } from "./validators/estate-distribution";

const timestamp = z.iso.datetime().describe("ISO 8601 UTC timestamp");
const text = (max: number) => z.string().max(max).nullable();

/**
 * A trusted party in a backup (issue 16): what the owner entered, the numbers decrypted (the owner's own copy).
 * Never the invitation token's hash, its expiry or the linked account: a restore recreates the party `inactive`,
 * and the owner sends a fresh invitation from the list.
 */
export const trustedPartyBackupSchema = z.object({
  id: z.number().int().positive(),
  trustedPersonName: z.string().max(200),
  trustedPersonEmail: z.string().max(254),
  trustedPersonPhone: text(32),
  relationship: z.enum(TRUSTED_RELATIONSHIPS),
  canInitiateDeathVerification: z.boolean(),
  canAccessAssets: z.boolean(),
  canManageBeneficiaries: z.boolean(),
  ghanaCardNumber: text(32),
  mobileMoneyNumber: text(32),
  traditionalAuthority: text(200),
  status: z
    .enum(["inactive", "active", "revoked"])
    .describe("as it was when exported; restored as inactive, needing a fresh invitation"),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** The owner's estate distribution settings (spec 001 §3), as `GET /api/estate-distribution` answers their fields. */
export const estateDistributionBackupSchema = estateDistributionSchema.describe(
  "the owner's estate distribution settings; restoring replaces the settings in force",
);
