import { stripInvisible } from "@shared/validators/common";
import type { KindConfig } from "./kinds";

function isBlank(value: unknown): boolean {
  return value === null || (typeof value === "string" && stripInvisible(value).trim() === "");
}

/**
 * Maps validated body fields onto the kind's columns: aliases fill a column that was not sent itself (the add
 * dialog's `category` → assetType, `value` → currentValue, an online account's `title` → accountName), then
 * anything that is not a writable column is dropped, so ids, owner and status can never come from a body.
 */
export function toColumns(kind: KindConfig, parsed: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (value !== undefined && kind.writable.has(key)) values[key] = value;
  }
  for (const [from, to] of Object.entries(kind.aliases)) {
    if (parsed[from] !== undefined && values[to] === undefined && kind.writable.has(to)) values[to] = parsed[from];
  }
  return values;
}

/**
 * Columns an update clears: optional fields sent as "" or null become NULL (the schemas read them as "absent",
 * which is right for a create but would make a field impossible to empty in an edit).
 */
export function clearedColumns(kind: KindConfig, body: unknown): Record<string, null> {
  const cleared: Record<string, null> = {};
  if (typeof body !== "object" || body === null) return cleared;
  for (const [key, value] of Object.entries(body)) {
    if (!isBlank(value)) continue;
    const column = kind.writable.has(key) ? key : kind.aliases[key];
    if (column && kind.nullable.has(column)) cleared[column] = null;
  }
  return cleared;
}

/** The add dialog's body as column values; 400 with the spec's messages when invalid. */
export function parseCreateBody(kind: KindConfig, body: unknown): Record<string, unknown> {
  return toColumns(kind, kind.createSchema.parse(body ?? {}));
}

/** An edit's body as column values: only the fields sent, optional fields sent empty cleared. */
export function parseUpdateBody(kind: KindConfig, body: unknown): Record<string, unknown> {
  const parsed = kind.updateSchema.parse(body ?? {});
  return { ...clearedColumns(kind, body), ...toColumns(kind, parsed) };
}
