import type { BeneficiaryDto } from "@shared/api-types";
import type { Beneficiary } from "@shared/schema";

/** What the confirmation page shows; nothing else about the owner or the beneficiary leaves the server. */
export type BeneficiaryVerificationDto = {
  firstName: string;
  ownerFirstName: string | null;
  status: "pending" | "verified";
};

/**
 * The contract's beneficiary: an explicit list, so the token hash, its expiry and userId never leave the server.
 * A pending beneficiary's link is held exactly while the owner's e-mail is unverified (verifying releases it in the
 * same transaction), so the owner's flag tells which it is without reading the outbox.
 */
export function presentBeneficiary(b: Beneficiary, owner: { emailVerified: boolean }): BeneficiaryDto {
  return {
    id: b.id,
    firstName: b.firstName,
    lastName: b.lastName,
    email: b.email,
    relationship: b.relationship,
    dateOfBirth: b.dateOfBirth,
    status: b.status === "verified" ? "verified" : "pending",
    verifiedAt: b.verifiedAt ? b.verifiedAt.toISOString() : null,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
    verificationMail: b.status === "verified" || owner.emailVerified ? "sent" : "waiting_for_your_email",
  };
}
