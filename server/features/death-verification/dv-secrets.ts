import type { DbOrTx } from "../../db";
import { decryptField, encryptField } from "../../lib/crypto/field-crypto";
import type { Keyring } from "../../lib/crypto/keyring";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";

/**
 * Reporter names and addresses and the admin's notes are ciphertext under the subject's data key; each value's AAD
 * names its table, column, row and subject, so a value copied to another row or person fails to decrypt.
 */
type Place = { table: "death_verification_requests" | "death_reports"; userId: number; rowId: number };

const context = (p: Place, column: string) => ({
  table: p.table,
  column,
  rowId: String(p.rowId),
  userId: String(p.userId),
});

export function subjectKey(db: DbOrTx, keyring: Keyring, userId: number): Promise<Buffer> {
  return getOrCreateUserDataKey(db, keyring, userId);
}

export function sealText(dek: Buffer, p: Place, column: string, value: string | null | undefined): string | null {
  return value ? encryptField(dek, value, context(p, column)) : null;
}

export function openText(dek: Buffer, p: Place, column: string, value: string | null): string | null {
  return value ? decryptField(dek, value, context(p, column)) : null;
}
