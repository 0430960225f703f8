import type { TypedAssetDto } from "@shared/api-types";
import type { TypedRow } from "./typed-assets.queries";

/** Server-side bookkeeping, never part of the answer: the owner and which columns were ciphertext at rest. */
const INTERNAL = new Set(["userId", "encVersion"]);

/**
 * Every column except the internal ones (TypedAssetDto): the row must already be decrypted for its owner. Dates
 * become ISO strings; anything else that is not a string, number or null is dropped rather than guessed at.
 */
export function presentTypedAsset(row: TypedRow): TypedAssetDto {
  const out: Record<string, string | number | null> = {};
  for (const [key, value] of Object.entries(row)) {
    if (INTERNAL.has(key)) continue;
    if (value instanceof Date) out[key] = value.toISOString();
    else if (value === null || typeof value === "string" || typeof value === "number") out[key] = value;
  }
  return out as TypedAssetDto;
}
