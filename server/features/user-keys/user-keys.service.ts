import type { DbOrTx } from "../../db";
import {
  createDataKeyCache,
  generateDataKey,
  wrapDataKey,
  type DataKeyCache,
  type WrappedDataKey,
} from "../../lib/crypto/field-crypto";
import type { Keyring } from "../../lib/crypto/keyring";
import { findWrappedUserKey, insertWrappedUserKeyIfAbsent } from "./user-keys.queries";

// One unwrap cache per keyring: a list page then costs one indexed lookup and no key unwrap per request.
const caches = new WeakMap<Keyring, DataKeyCache>();

function cacheFor(keyring: Keyring): DataKeyCache {
  let cache = caches.get(keyring);
  if (!cache) {
    cache = createDataKeyCache(keyring);
    caches.set(keyring, cache);
  }
  return cache;
}

/**
 * The user's data key (DEK) for sensitive columns, created on first use. Race-safe without a lock: two first
 * requests may both generate a key, but `ON CONFLICT DO NOTHING` keeps exactly one and both re-read that one,
 * so no value is ever encrypted under a key that was not stored. Pass `tx` when the caller is in a transaction.
 * Throws DecryptionError when the stored key cannot be unwrapped (retired or wrong master key).
 */
export async function getOrCreateUserDataKey(db: DbOrTx, keyring: Keyring, userId: number): Promise<Buffer> {
  let stored: WrappedDataKey | undefined = await findWrappedUserKey(db, userId);
  if (!stored) {
    await insertWrappedUserKeyIfAbsent(db, userId, wrapDataKey(keyring, generateDataKey()));
    stored = await findWrappedUserKey(db, userId);
    if (!stored) throw new Error("user key vanished right after it was inserted");
  }
  return cacheFor(keyring).unwrap(stored);
}
