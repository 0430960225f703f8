import { decryptField, encryptField } from "../../lib/crypto/field-crypto";

const TABLE = "gift_card_purchases";
export const PURCHASE_SECRET_COLUMNS = [
  "recipientPhone",
  "recipientEmail",
  "personalMessage",
  "physicalAddress",
  "pendingCodes",
] as const;
export type PurchaseSecretColumn = (typeof PURCHASE_SECRET_COLUMNS)[number];

const context = (column: PurchaseSecretColumn, userId: number, rowId: number) => ({
  table: TABLE,
  column,
  rowId: String(rowId),
  userId: String(userId),
});

/** One value sealed under the buyer's data key, bound to its table, column, order and buyer. */
export function sealPurchaseValue(
  dek: Buffer,
  owner: { userId: number; rowId: number },
  column: PurchaseSecretColumn,
  value: string,
): string {
  return encryptField(dek, value, context(column, owner.userId, owner.rowId));
}

export function openPurchaseValue(
  dek: Buffer,
  owner: { userId: number; rowId: number },
  column: PurchaseSecretColumn,
  value: string,
): string {
  return decryptField(dek, value, context(column, owner.userId, owner.rowId));
}
