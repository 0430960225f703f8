import { createHash, hkdfSync } from "node:crypto";

/** Master keys (KEKs) are AES-256 keys: exactly 32 bytes. */
export const MASTER_KEY_BYTES = 32;

/**
 * What a derived subkey is used for. One master key is never used directly by two algorithms (AES-KWP for
 * data keys, AES-GCM inside the file envelope): each use gets its own HKDF-derived subkey (key separation).
 */
export type KeyPurpose = "dek-wrap" | "file-keyring" | "outbox";

const PURPOSE_INFO: Record<KeyPurpose, string> = {
  "dek-wrap": "heirloom/v1/dek-wrap",
  "file-keyring": "heirloom/v1/file-keyring",
  // AES-GCM over queued messages (server/lib/outbox): their links are live until the message is sent.
  outbox: "heirloom/v1/outbox",
};

/** Key ids end up inside stored data (`kek_id` columns, file headers), so keep them short and plain. */
const KID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The application's master keys. `currentKid` wraps new keys; every held kid can still unwrap (rotation). */
export type Keyring = {
  readonly currentKid: string;
  /** Every kid this process can decrypt with, current first. */
  readonly kids: readonly string[];
  has(kid: string): boolean;
  /** The subkey of `kid` for one purpose. Throws a plain Error for an unknown kid (a programming error). */
  subkey(kid: string, purpose: KeyPurpose): Buffer;
};

export type KeyringConfig = {
  /** Master keys by kid, 32 bytes each (the config decodes APP_ENCRYPTION_KEY from base64). */
  keys: Record<string, Buffer | Uint8Array>;
  currentKid: string;
};

/**
 * Builds the keyring from configuration, validating every key up front so a bad key stops start-up rather
 * than failing the first upload. Several kids let the master key be rotated: add the new kid, make it
 * current, re-wrap the stored data keys, then drop the old kid.
 */
export function createKeyring(config: KeyringConfig): Keyring {
  const entries = Object.entries(config.keys);
  if (entries.length === 0) throw new Error("Keyring: at least one master key is required");
  if (!Object.hasOwn(config.keys, config.currentKid)) {
    throw new Error(`Keyring: current kid "${sanitizeKidForMessage(config.currentKid)}" has no key`);
  }

  const subkeys = new Map<string, Record<KeyPurpose, Buffer>>();
  const fingerprints = new Set<string>();
  for (const [kid, key] of entries) {
    if (!KID_PATTERN.test(kid)) throw new Error(`Keyring: invalid kid "${sanitizeKidForMessage(kid)}"`);
    if (key.length !== MASTER_KEY_BYTES) {
      throw new Error(`Keyring: key "${kid}" must be ${MASTER_KEY_BYTES} bytes, got ${key.length}`);
    }
    if (Buffer.from(key).every((b) => b === key[0])) throw new Error(`Keyring: key "${kid}" is not random`);
    // Two kids with the same key would make "retire kid1" silently keep it alive.
    const fingerprint = createHash("sha256").update(key).digest("hex");
    if (fingerprints.has(fingerprint)) throw new Error(`Keyring: key "${kid}" duplicates another kid's key`);
    fingerprints.add(fingerprint);
    subkeys.set(kid, {
      "dek-wrap": derive(key, "dek-wrap"),
      "file-keyring": derive(key, "file-keyring"),
      outbox: derive(key, "outbox"),
    });
  }

  const kids = [config.currentKid, ...entries.map(([kid]) => kid).filter((kid) => kid !== config.currentKid)];
  return Object.freeze({
    currentKid: config.currentKid,
    kids: Object.freeze(kids),
    has: (kid: string) => subkeys.has(kid),
    subkey(kid: string, purpose: KeyPurpose): Buffer {
      const forKid = subkeys.get(kid);
      if (!forKid) throw new Error(`Keyring: unknown kid "${sanitizeKidForMessage(kid)}"`);
      return forKid[purpose];
    },
  });
}

/**
 * Decodes a base64 (or base64url) master key such as APP_ENCRYPTION_KEY and insists on 32 bytes, because
 * Buffer.from(..., "base64") silently drops invalid characters and would accept a mistyped key.
 */
export function parseMasterKey(encoded: string): Buffer {
  const trimmed = encoded.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) throw new Error("Master key must be base64");
  const key = Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  if (key.length !== MASTER_KEY_BYTES) throw new Error(`Master key must decode to ${MASTER_KEY_BYTES} bytes`);
  return key;
}

function derive(key: Buffer | Uint8Array, purpose: KeyPurpose): Buffer {
  // Salt-less HKDF is fine for a uniformly random input key (RFC 5869 §3.1); `info` separates the purposes.
  // The kid is deliberately not mixed in, so a kid can be renamed in config without losing data.
  return Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), PURPOSE_INFO[purpose], MASTER_KEY_BYTES));
}

/** Kids may come from stored rows; never echo arbitrary bytes into a log line. */
function sanitizeKidForMessage(kid: string): string {
  return kid.replace(/[^A-Za-z0-9_-]/g, "?").slice(0, 64);
}
