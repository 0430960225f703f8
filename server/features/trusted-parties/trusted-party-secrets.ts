import type { TrustedParty } from "@shared/schema";
import type { DbOrTx } from "../../db";
import { decryptField, encryptField } from "../../lib/crypto/field-crypto";
import type { Keyring } from "../../lib/crypto/keyring";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";

/** The columns held as ciphertext under the owner's data key; each value's AAD names this table, column, row and owner. */
export const SECRET_COLUMNS = ["trustedPersonPhone", "ghanaCardNumber", "mobileMoneyNumber"] as const;
type SecretColumn = (typeof SECRET_COLUMNS)[number];
type Secrets = Partial<Record<SecretColumn, string | null | undefined>>;

const TABLE = "enhanced_trusted_parties";
const context = (column: string, userId: number, rowId: number) => ({
  table: TABLE,
  column,
  rowId: String(rowId),
  userId: String(userId),
});

export function dataKeyOf(db: DbOrTx, keyring: Keyring, userId: number): Promise<Buffer> {
  return getOrCreateUserDataKey(db, keyring, userId);
}

/** Replaces each secret value present in `values` with its ciphertext; undefined stays undefined, null clears. */
export function encryptSecrets<T extends Secrets>(dek: Buffer, owner: { userId: number; rowId: number }, values: T): T {
  const out: Secrets = { ...values };
  for (const column of SECRET_COLUMNS) {
    const v = values[column];
    if (typeof v === "string") out[column] = encryptField(dek, v, context(column, owner.userId, owner.rowId));
  }
  return out as T;
}

/** The row with its secret columns in plain text. A value that does not verify throws (DecryptionError). */
export function decryptSecrets(dek: Buffer, row: TrustedParty): TrustedParty {
  const out = { ...row };
  for (const column of SECRET_COLUMNS) {
    const v = row[column];
    if (v) out[column] = decryptField(dek, v, context(column, row.userId, row.id));
  }
  return out;
}
