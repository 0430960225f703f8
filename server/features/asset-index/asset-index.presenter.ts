import type { AssetIndexItem } from "@shared/api-types";
import type { AssetIndexRow } from "./asset-index.queries";

/** Raw SQL rows (snake_case, bigint as text) → the AssetIndexItem the All Assets tab reads. */
export function presentAssetIndexItem(row: AssetIndexRow): AssetIndexItem {
  return {
    kind: row.kind,
    id: Number(row.id),
    title: row.title,
    category: row.category,
    assignedToBeneficiary: row.assigned_to_beneficiary === null ? null : Number(row.assigned_to_beneficiary),
    fileSize: row.file_size === null ? null : Number(row.file_size),
    mimeType: row.mime_type,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
