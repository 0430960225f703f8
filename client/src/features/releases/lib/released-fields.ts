import type { ReleasedRecordDto } from "@shared/release-api";

/** Credentials and access details: shown only after "Reveal", so a glance or a shared screen does not give them away. */
export const CREDENTIAL_FIELDS: ReadonlySet<string> = new Set([
  "username",
  "passwordHint",
  "recoveryInfo",
  "twoFactorInfo",
  "securityQuestions",
  "accountNumber",
  "accessInfo",
  "accessCodes",
  "documentNumber",
]);

/** Bookkeeping the page does not show as a field. */
const HIDDEN = new Set(["id", "kind", "title", "createdAt", "updatedAt", "userId"]);

export const KIND_LABELS: Record<ReleasedRecordDto["kind"], string> = {
  intellectual_property: "Intellectual property",
  financial_asset: "Financial asset",
  physical_asset: "Physical asset",
  digital_content: "Digital content",
  personal_document: "Personal document",
  online_account: "Online account",
};

/** "twoFactorInfo" → "Two factor info". */
export function fieldLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The record's fields worth showing, in its own order: non-empty values only. */
export function shownFields(
  record: ReleasedRecordDto,
): { key: string; label: string; value: string; isCredential: boolean }[] {
  return Object.entries(record)
    .filter(([key, value]) => !HIDDEN.has(key) && value !== null && value !== "")
    .map(([key, value]) => ({
      key,
      label: fieldLabel(key),
      value: String(value),
      isCredential: CREDENTIAL_FIELDS.has(key),
    }));
}
