import type { z } from "zod";
import type { TrustedPartyDto } from "@shared/api-types";
import { TRUSTED_RELATIONSHIPS, type createTrustedPartySchema } from "@shared/validators/trusted-parties";

export type FormValues = z.input<typeof createTrustedPartySchema>;
export const FIELDS = [
  "trustedPersonName",
  "trustedPersonEmail",
  "relationship",
  "trustedPersonPhone",
  "ghanaCardNumber",
  "mobileMoneyNumber",
  "traditionalAuthority",
] as const;
export const RELATIONSHIP_OPTIONS = TRUSTED_RELATIONSHIPS.map((value) => ({
  value,
  label: value[0].toUpperCase() + value.slice(1),
}));
/** The add form, empty. */
export const EMPTY: FormValues = {
  trustedPersonName: "",
  trustedPersonEmail: "",
  relationship: "" as FormValues["relationship"],
  trustedPersonPhone: "",
  ghanaCardNumber: "",
  mobileMoneyNumber: "",
  traditionalAuthority: "",
  canInitiateDeathVerification: true,
  canAccessAssets: false,
  canManageBeneficiaries: false,
};

/** The edit form's starting values: the party as the owner's edit read answers it, blanks for absent numbers. */
export function valuesOf(party: TrustedPartyDto): FormValues {
  return {
    trustedPersonName: party.trustedPersonName,
    trustedPersonEmail: party.trustedPersonEmail,
    relationship: party.relationship as FormValues["relationship"],
    trustedPersonPhone: party.trustedPersonPhone ?? "",
    ghanaCardNumber: party.ghanaCardNumber ?? "",
    mobileMoneyNumber: party.mobileMoneyNumber ?? "",
    traditionalAuthority: party.traditionalAuthority ?? "",
    canInitiateDeathVerification: party.canInitiateDeathVerification,
    canAccessAssets: party.canAccessAssets,
    canManageBeneficiaries: party.canManageBeneficiaries,
  };
}
