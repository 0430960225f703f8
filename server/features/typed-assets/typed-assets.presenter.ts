import type { TypedAssetDto } from "@shared/api-types";
import { TYPED_ASSET_FIELDS, type TypedAssetKind } from "@shared/asset-types";
import type { TypedRow } from "./typed-assets.queries";

/**
 * The presenter of one kind: the allow-listed fields of `TYPED_ASSET_FIELDS` (TypedAssetDto), nothing else of the
 * row; the row must already be decrypted for its owner. Dates become ISO strings; anything else that is not a
 * string, number or null is dropped rather than guessed at.
 */
export function typedAssetPresenter(kind: TypedAssetKind): (row: TypedRow) => TypedAssetDto {
  const fields = TYPED_ASSET_FIELDS[kind];
  return (row) => {
    const source = row as Record<string, unknown>;
    const out: Record<string, string | number | null> = {};
    for (const key of fields) {
      const value = source[key];
      if (value instanceof Date) out[key] = value.toISOString();
      else if (value === null || typeof value === "string" || typeof value === "number") out[key] = value;
    }
    return out as TypedAssetDto;
  };
}
