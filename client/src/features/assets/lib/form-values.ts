import type { TypedAssetDto } from "@shared/api-types";
import type { AssetFormConfig } from "@/features/assets/lib/asset-form-config";

/** What the typed forms hold: every control is a string ("" = empty), a required select starts undefined. */
export type AssetFormValues = Record<string, unknown>;
export type AssetPayload = Record<string, unknown>;

function readValue(asset: TypedAssetDto, column: string, control: string): string {
  const raw = asset[column];
  if (raw === null || raw === undefined) return "";
  const value = String(raw);
  // <input type="date"> only takes YYYY-MM-DD; the API may answer with a full ISO timestamp.
  return control === "date" && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value;
}

/** Empty form for an add, or the row's values for an edit. */
export function defaultValuesFor(config: AssetFormConfig, asset?: TypedAssetDto): AssetFormValues {
  const values: AssetFormValues = {};
  for (const field of config.fields) {
    const current = asset ? readValue(asset, field.readFrom ?? field.name, field.control) : "";
    if (current) values[field.name] = current;
    else if (field.defaultValue) values[field.name] = field.defaultValue;
    // A required select starts undefined so every missing field is reported at once.
    else values[field.name] = field.control === "select" && field.isRequired ? undefined : "";
  }
  return values;
}

/**
 * The schema already dropped empty fields (spec 000 §5). On an edit, a field the user emptied is sent as null so
 * the partial update clears it instead of keeping the old value.
 */
export function toPayload(config: AssetFormConfig, parsed: AssetPayload, asset?: TypedAssetDto): AssetPayload {
  if (!asset) return parsed;
  const payload: AssetPayload = { ...parsed };
  for (const field of config.fields) {
    const hadValue = readValue(asset, field.readFrom ?? field.name, field.control) !== "";
    if (payload[field.name] === undefined && hadValue) payload[field.name] = null;
  }
  return payload;
}
