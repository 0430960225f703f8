import type { Logger } from "pino";
import { decryptField, encryptField } from "../../lib/crypto/field-crypto";
import { DecryptionError } from "../../lib/crypto/errors";
import type { KindConfig } from "./kinds";

type Owner = { userId: number; rowId: number };

function contextOf(kind: KindConfig, column: string, owner: Owner) {
  return { table: kind.tableName, column, rowId: String(owner.rowId), userId: String(owner.userId) };
}

/** Replaces each sensitive value about to be written with its ciphertext, bound to this table/column/row/owner. */
export function encryptSensitive(
  kind: KindConfig,
  dek: Buffer | undefined,
  owner: Owner,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...values };
  for (const column of kind.sensitive) {
    const value = out[column];
    if (typeof value !== "string") continue;
    if (!dek) throw new Error(`no data key to encrypt ${kind.tableName}.${column}`);
    out[column] = encryptField(dek, value, contextOf(kind, column, owner));
  }
  return out;
}

/**
 * The row with its sensitive columns decrypted for the owner. A value that fails verification (tampered, or
 * copied from another row or user) is never partly returned: the whole request fails with a generic 500 and a
 * security log line naming the table, column and row — never the value.
 */
export function decryptSensitive<T extends Record<string, unknown> & { id: number }>(
  kind: KindConfig,
  dek: Buffer | undefined,
  userId: number,
  row: T,
  logger: Logger,
): T {
  const out: Record<string, unknown> = { ...row };
  for (const column of kind.sensitive) {
    const value = out[column];
    if (typeof value !== "string") continue;
    try {
      if (!dek) throw new DecryptionError("unknown-kid");
      out[column] = decryptField(dek, value, contextOf(kind, column, { userId, rowId: row.id }));
    } catch (err) {
      const reason = err instanceof DecryptionError ? err.reason : "malformed";
      logger.error(
        { event: "decrypt_failed", table: kind.tableName, column, rowId: row.id, reason },
        "field failed verification",
      );
      throw err;
    }
  }
  return out as T;
}

export function hasSensitiveValues(kind: KindConfig, rows: Record<string, unknown>[]): boolean {
  return rows.some((row) => kind.sensitive.some((column) => typeof row[column] === "string"));
}
