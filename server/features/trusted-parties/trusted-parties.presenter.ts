import type { TrustedForDto, TrustedPartyDto, TrustedPartyInvitationDto } from "@shared/api-types";
import type { TrustedParty } from "@shared/schema";
import type { InvitationRow, TrustedForRow } from "./trusted-parties.queries";

/** All but the last `keep` characters of a value become dots; the prefix (`GHA-`, `+233`) stays readable. */
export function maskValue(value: string | null, prefix: RegExp, keep: number): string | null {
  if (!value) return null;
  const head = prefix.exec(value)?.[0] ?? "";
  const rest = value.slice(head.length);
  if (rest.length <= keep) return `${head}${"•".repeat(rest.length)}`;
  return `${head}${"•".repeat(rest.length - keep)}${rest.slice(-keep)}`;
}

const maskPhone = (v: string | null) => maskValue(v, /^\+233/, 3);
const maskCard = (v: string | null) => maskValue(v, /^GHA-/, 3);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const nameOf = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(" ") || "An Heirloom user";

/**
 * The contract's trusted party: an explicit list, so the token hash and the linked account id never leave the
 * server. `row` must already be decrypted; `masked` is false only for the owner's edit form.
 */
export function presentTrustedParty(
  row: TrustedParty,
  owner: { emailVerified: boolean },
  opts: { masked: boolean } = { masked: true },
): TrustedPartyDto {
  const phone = opts.masked ? maskPhone : (v: string | null) => v;
  const card = opts.masked ? maskCard : (v: string | null) => v;
  const status = row.status === "active" || row.status === "revoked" ? row.status : "inactive";
  return {
    id: row.id,
    trustedPersonName: row.trustedPersonName,
    trustedPersonEmail: row.trustedPersonEmail,
    trustedPersonPhone: phone(row.trustedPersonPhone),
    relationship: row.relationship,
    canInitiateDeathVerification: row.canInitiateDeathVerification,
    canAccessAssets: row.canAccessAssets,
    canManageBeneficiaries: row.canManageBeneficiaries,
    ghanaCardNumber: card(row.ghanaCardNumber),
    mobileMoneyNumber: phone(row.mobileMoneyNumber),
    traditionalAuthority: row.traditionalAuthority,
    status,
    activatedAt: iso(row.activatedAt),
    revokedAt: iso(row.revokedAt),
    invitationExpiresAt: status === "inactive" ? iso(row.invitationExpires) : null,
    invitationMail: status !== "inactive" ? null : owner.emailVerified ? "sent" : "waiting_for_your_email",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentInvitation(row: InvitationRow): TrustedPartyInvitationDto {
  return {
    ownerName: nameOf(row.ownerFirstName, row.ownerLastName),
    trustedPersonName: row.trustedPersonName,
    invitedEmail: row.trustedPersonEmail,
  };
}

/** What the trusted party sees of the person who named them: the name and their own permissions, no secrets. */
export function presentTrustedFor(row: TrustedForRow): TrustedForDto {
  return {
    id: row.id,
    ownerId: row.userId,
    ownerName: nameOf(row.ownerFirstName, row.ownerLastName),
    relationship: row.relationship,
    canInitiateDeathVerification: row.canInitiateDeathVerification,
    canAccessAssets: row.canAccessAssets,
    canManageBeneficiaries: row.canManageBeneficiaries,
    activatedAt: iso(row.activatedAt),
  };
}
