import type { Logger } from "pino";
import type { DbOrTx } from "../../db";
import type { Keyring } from "../../lib/crypto/keyring";
import { decryptSensitive, hasSensitiveValues, type SecretColumns } from "../../lib/crypto/field-secrets";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";

/**
 * A release's copy of the owner's message: ciphertext under the owner's data key, bound to the release row
 * (table `asset_releases`, column `message`, the release id, the owner). Release creation seals it with the same
 * description (docs/design/release-engine.md).
 */
export const RELEASE_SECRETS: SecretColumns = {
  tableName: "asset_releases",
  sensitive: ["message"],
  currentVersion: 1,
  earlier: {},
};

/** The release's message in plain text, or null when there is none; a value that fails to verify fails the call. */
export async function openReleaseMessage(
  db: DbOrTx,
  deps: { keyring: Keyring; logger: Logger },
  release: { id: number; userId: number; message: string | null },
): Promise<string | null> {
  const row = { id: release.id, encVersion: 1, message: release.message };
  if (!hasSensitiveValues(RELEASE_SECRETS, [row])) return null;
  const dek = await getOrCreateUserDataKey(db, deps.keyring, release.userId);
  return decryptSensitive(RELEASE_SECRETS, dek, release.userId, row, deps.logger).message;
}
