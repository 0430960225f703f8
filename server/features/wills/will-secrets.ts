import type { DigitalWill } from "@shared/schema";
import type { Logger } from "pino";
import { decryptSensitive, hasSensitiveValues, type SecretColumns } from "../../lib/crypto/field-secrets";

/**
 * A will's title and content are ciphertext under the owner's data key (enc_version 1), bound to the row, column
 * and owner like every sensitive field. enc_version 0 is a will stored in plain text before issue 12, read as it
 * is until the start-up migration has encrypted it.
 */
export const WILL_SECRETS: SecretColumns = {
  tableName: "digital_wills",
  sensitive: ["title", "content"],
  currentVersion: 1,
  earlier: { 0: [] },
};

/** True when reading these wills needs the owner's data key. */
export function needsDataKey(wills: DigitalWill[]): boolean {
  return hasSensitiveValues(WILL_SECRETS, wills);
}

/** The wills as their owner wrote them; one that fails verification fails the whole call (500, logged). */
export function decryptWills(dek: Buffer | undefined, userId: number, wills: DigitalWill[], logger: Logger) {
  return wills.map((will) => decryptSensitive(WILL_SECRETS, dek, userId, will, logger));
}
