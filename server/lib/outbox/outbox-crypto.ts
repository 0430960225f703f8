import { DecryptionError } from "../crypto/errors";
import { decryptField, encryptField, type FieldContext } from "../crypto/field-crypto";
import type { Keyring } from "../crypto/keyring";

/** What a queued message says; only ever stored encrypted. */
export type MessageContent = { subject?: string; text: string; html?: string };

/**
 * The payload is bound to its row: a ciphertext copied into another row fails to decrypt. Messages belong to no
 * user's data key (system mail has no user, and a message must stay deliverable whatever happens to the sender's
 * keys), so the key is the master keyring's own "outbox" subkey and the context's user part is constant.
 */
function contextOf(id: string): FieldContext {
  return { table: "outbox_messages", column: "payload", rowId: id, userId: "outbox" };
}

/** Encrypts a message's content under the current master key; answers the value and the kid to store with it. */
export function sealContent(keyring: Keyring, id: string, content: MessageContent): { payload: string; kid: string } {
  const kid = keyring.currentKid;
  return { payload: encryptField(keyring.subkey(kid, "outbox"), JSON.stringify(content), contextOf(id)), kid };
}

/** Decrypts a stored payload (any kid still on the keyring); throws DecryptionError when it does not verify. */
export function openContent(keyring: Keyring, id: string, stored: { payload: string; kid: string }): MessageContent {
  if (!keyring.has(stored.kid)) throw new DecryptionError("unknown-kid");
  const json = decryptField(keyring.subkey(stored.kid, "outbox"), stored.payload, contextOf(id));
  return JSON.parse(json) as MessageContent;
}
