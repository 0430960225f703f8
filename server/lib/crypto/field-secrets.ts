import type { Logger } from "pino";
import { decryptField, encryptField, type FieldContext } from "./field-crypto";
import { DecryptionError } from "./errors";

/**
 * Which columns of one table hold ciphertext under the owner's data key. A row's `enc_version` column says which
 * set applies to it: rows written today are at `currentVersion` (every column in `sensitive`); rows written before
 * a column joined the set keep an older version, with the columns listed in `earlier`, until the start-up
 * migration (`encrypt-legacy-rows.ts`) has encrypted the rest. So a reader never guesses from a value's shape
 * whether it is ciphertext: a user may type "v1.a.b.c", and a ciphertext must never be shown as if it were text.
 */
export type SecretColumns = {
  /** The SQL table name: the `table` part of each value's AAD. */
  tableName: string;
  /** The columns (Drizzle keys) a row at `currentVersion` holds as ciphertext; also the `column` part of the AAD. */
  sensitive: readonly string[];
  currentVersion: number;
  /** Older versions still allowed in the table, each with the columns it holds as ciphertext. */
  earlier: Readonly<Record<number, readonly string[]>>;
};

type Owner = { userId: number; rowId: number };
type Versioned = Record<string, unknown> & { id: number; encVersion: number };

function contextOf(spec: SecretColumns, column: string, owner: Owner): FieldContext {
  return { table: spec.tableName, column, rowId: String(owner.rowId), userId: String(owner.userId) };
}

/** The columns a row at `encVersion` holds as ciphertext; an unknown version is a row this code cannot read. */
export function cipherColumnsOf(spec: SecretColumns, encVersion: number): readonly string[] {
  if (encVersion === spec.currentVersion) return spec.sensitive;
  const columns = spec.earlier[encVersion];
  if (!columns) throw new DecryptionError("malformed");
  return columns;
}

/** Sensitive columns a row at `encVersion` still holds in plain text: what the migration has to encrypt. */
export function plainSensitiveColumnsOf(spec: SecretColumns, encVersion: number): string[] {
  const cipher = new Set(cipherColumnsOf(spec, encVersion));
  return spec.sensitive.filter((column) => !cipher.has(column));
}

/** Encrypts one value for its table/column/row/owner. */
export function encryptValue(spec: SecretColumns, dek: Buffer, column: string, owner: Owner, value: string): string {
  return encryptField(dek, value, contextOf(spec, column, owner));
}

/** Decrypts one value for its table/column/row/owner; throws DecryptionError when it does not verify. */
export function decryptValue(spec: SecretColumns, dek: Buffer, column: string, owner: Owner, value: string): string {
  return decryptField(dek, value, contextOf(spec, column, owner));
}

/**
 * Replaces each sensitive value about to be written with its ciphertext, bound to this table/column/row/owner, and
 * marks the row as written at the current version. For an update, the row must already be at the current version
 * (callers upgrade a legacy row first), since the marker covers the columns not sent too.
 */
export function encryptSensitive(
  spec: SecretColumns,
  dek: Buffer | undefined,
  owner: Owner,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values, encVersion: spec.currentVersion };
  for (const column of spec.sensitive) {
    const value = out[column];
    if (typeof value !== "string") continue;
    if (!dek) throw new Error(`no data key to encrypt ${spec.tableName}.${column}`);
    out[column] = encryptValue(spec, dek, column, owner, value);
  }
  return out;
}

/**
 * The row with its ciphertext columns decrypted for the owner. A value that fails verification (tampered, or
 * copied from another row or user) is never partly returned: the whole request fails with a generic 500 and a
 * security log line naming the table, column and row — never the value.
 */
export function decryptSensitive<T extends Versioned>(
  spec: SecretColumns,
  dek: Buffer | undefined,
  userId: number,
  row: T,
  logger: Logger,
): T {
  const out: Record<string, unknown> = { ...row };
  let column = "encVersion";
  try {
    for (column of cipherColumnsOf(spec, row.encVersion)) {
      const value = out[column];
      if (typeof value !== "string") continue;
      if (!dek) throw new DecryptionError("unknown-kid");
      out[column] = decryptValue(spec, dek, column, { userId, rowId: row.id }, value);
    }
  } catch (err) {
    const reason = err instanceof DecryptionError ? err.reason : "malformed";
    logger.error(
      { event: "decrypt_failed", table: spec.tableName, column, rowId: row.id, reason },
      "field failed verification",
    );
    throw err;
  }
  return out as T;
}

/** True when any of the rows holds a ciphertext value, so a data key is needed to read them. */
export function hasSensitiveValues(spec: SecretColumns, rows: Versioned[]): boolean {
  return rows.some((row) => {
    // An unknown version needs the decrypt path too: it refuses the row and logs why.
    if (row.encVersion !== spec.currentVersion && !spec.earlier[row.encVersion]) return true;
    return cipherColumnsOf(spec, row.encVersion).some((column) => typeof row[column] === "string");
  });
}
