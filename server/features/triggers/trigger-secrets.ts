import type { Logger } from "pino";
import type { DbOrTx } from "../../db";
import type { Keyring } from "../../lib/crypto/keyring";
import { decryptValue, encryptValue, type SecretColumns } from "../../lib/crypto/field-secrets";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";

/** A trigger's message to the beneficiary and its description are free text: ciphertext under the owner's data key. */
export const TRIGGER_SECRETS: SecretColumns = {
  tableName: "asset_release_triggers",
  sensitive: ["message", "description"],
  currentVersion: 1,
  earlier: {},
};

/** A release's copy of the message, bound to the release row (the portal decrypts it with the same spec). */
/** The release message is sealed as the portal opens it: one definition, in the releases feature. */
export { RELEASE_SECRETS } from "../releases/release-secrets";

type Field = "message" | "description";

export function sealTriggerField(dek: Buffer, owner: { userId: number; rowId: number }, column: Field, v?: string) {
  return v === undefined ? null : encryptValue(TRIGGER_SECRETS, dek, column, owner, v);
}

export function openTriggerField(
  dek: Buffer | undefined,
  owner: { userId: number; rowId: number },
  column: Field,
  value: string | null,
  logger?: Logger,
): string | null {
  if (value === null || !dek) return null;
  try {
    return decryptValue(TRIGGER_SECRETS, dek, column, owner, value);
  } catch (err) {
    logger?.error(
      { err: { message: (err as Error).message }, triggerId: owner.rowId },
      "trigger field failed to decrypt",
    );
    throw err;
  }
}

/** The owner's data key, or undefined when none of the rows holds a secret (no key is created then). */
export async function dataKeyIfNeeded(
  db: DbOrTx,
  keyring: Keyring,
  userId: number,
  rows: { message: string | null; description: string | null }[],
): Promise<Buffer | undefined> {
  if (!rows.some((r) => r.message !== null || r.description !== null)) return undefined;
  return getOrCreateUserDataKey(db, keyring, userId);
}
