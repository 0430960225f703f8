import { RELATIONSHIPS } from "@shared/relationships";
import type { CreateBeneficiaryInput } from "@shared/validators/beneficiaries";

export type Relationship = CreateBeneficiaryInput["relationship"];

export function isRelationship(value: string): value is Relationship {
  return (RELATIONSHIPS as readonly string[]).includes(value);
}

/** "sibling" → "Sibling", "pending" → "Pending"; for stored lower-case words. */
export function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export const relationshipLabel = capitalize;

export const RELATIONSHIP_OPTIONS: readonly { value: Relationship; label: string }[] = RELATIONSHIPS.map((value) => ({
  value,
  label: capitalize(value),
}));
