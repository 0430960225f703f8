import type { ItemKind } from "@shared/release-kinds";

/**
 * The table behind each kind of item a bundle or a release can hold (shared/release-kinds.ts). Every one has
 * `id`, `user_id` and `assigned_to_beneficiary`; uploaded files count only once committed. Constants, never input.
 */
export const ITEM_TABLES: Record<ItemKind, { table: string; committedOnly?: boolean }> = {
  file: { table: "digital_assets", committedOnly: true },
  intellectual_property: { table: "intellectual_property" },
  financial_asset: { table: "financial_assets" },
  physical_asset: { table: "physical_assets" },
  digital_content: { table: "digital_content" },
  personal_document: { table: "personal_documents" },
  online_account: { table: "online_accounts" },
};
