import type { FileAssetDto } from "@shared/api-types";
import { sanitizeFileName } from "../../lib/files/file-names";

/** A file row, or any row carrying its fields (createdAt still a Date). */
type FileAssetLike = Omit<FileAssetDto, "createdAt"> & { createdAt: Date };

/** Whitelist: the blob key, stored name, hash and encrypted size never leave the server. */
export function presentFileAsset(row: FileAssetLike): FileAssetDto {
  return {
    id: row.id,
    // Sanitised again on the way out, so a name stored before today's rules still displays safely.
    originalFileName: sanitizeFileName(row.originalFileName),
    mimeType: row.mimeType,
    fileSize: row.fileSize,
    category: row.category,
    description: row.description,
    assignedToBeneficiary: row.assignedToBeneficiary,
    createdAt: row.createdAt.toISOString(),
  };
}
