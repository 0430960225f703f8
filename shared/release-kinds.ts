import type { TypedAssetKind } from "./asset-types";

/**
 * The kinds of asset a bundle or a release can hold (contract "Release triggers, bundles and releases"): an uploaded
 * `file`, or one of the six typed kinds, named in the singular.
 */
export const ITEM_KINDS = [
  "file",
  "intellectual_property",
  "financial_asset",
  "physical_asset",
  "digital_content",
  "personal_document",
  "online_account",
] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** The typed-asset kind (and so the table and API path) behind each item kind; `file` is an uploaded file. */
export const TYPED_KIND_OF: Record<Exclude<ItemKind, "file">, TypedAssetKind> = {
  intellectual_property: "intellectual_property",
  financial_asset: "financial_assets",
  physical_asset: "physical_assets",
  digital_content: "digital_content",
  personal_document: "personal_documents",
  online_account: "online_accounts",
};

export const TRIGGER_TYPES = ["specific_date", "inactivity_period", "age_milestone", "death_certificate"] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export const TRIGGER_STATUSES = ["pending", "triggered", "completed", "cancelled"] as const;
export type TriggerStatus = (typeof TRIGGER_STATUSES)[number];

export const VERIFICATION_METHODS = ["automatic", "trusted_party"] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

export const RELEASE_STATUSES = ["pending", "opened", "revoked", "expired"] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

/** A release link works this long after the release is created (contract). */
export const RELEASE_LINK_DAYS = 90;

/**
 * Inactivity warnings (contract): when 50 % and 25 % of the period remain, then 7, 3 and 1 day(s) before it ends.
 * Each rung is sent once per period; activity re-arms them.
 */
export const INACTIVITY_RUNGS = [
  { id: 1, label: "half of the period left", remainingFraction: 0.5 },
  { id: 2, label: "a quarter of the period left", remainingFraction: 0.25 },
  { id: 3, label: "7 days left", remainingDays: 7 },
  { id: 4, label: "3 days left", remainingDays: 3 },
  { id: 5, label: "1 day left", remainingDays: 1 },
] as const;
