import { PassThrough, Readable, pipeline } from "node:stream";
import {
  AlgorithmSuiteIdentifier,
  CommitmentPolicy,
  MultiKeyringNode,
  NodeDefaultCryptographicMaterialsManager,
  RawAesKeyringNode,
  RawAesWrappingSuiteIdentifier,
  buildClient,
  type KeyringNode,
  type NodeMaterialsManager,
} from "@aws-crypto/client-node";
import { DecryptionError } from "./errors";
import type { Keyring } from "./keyring";

/**
 * 256 KiB frames: each frame is authenticated on its own, so decryption releases at most one verified frame
 * at a time and memory stays bounded. Larger frames cost memory per download, smaller ones cost throughput.
 */
export const FILE_FRAME_LENGTH = 256 * 1024;
/** Committing, unsigned suite: key commitment stops "one ciphertext, two keys" attacks; no ECDSA cost. */
const SUITE_ID = AlgorithmSuiteIdentifier.ALG_AES256_GCM_IV12_TAG16_HKDF_SHA512_COMMIT_KEY;
const KEY_NAMESPACE = "heirloom";
const PURPOSE = "heirloom-file";
const FILE_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

// One encrypted data key per file; refusing more bounds the work an attacker-supplied header can cause.
const client = buildClient({
  commitmentPolicy: CommitmentPolicy.REQUIRE_ENCRYPT_REQUIRE_DECRYPT,
  maxEncryptedDataKeys: 1,
});

export type FileCryptoOptions = {
  /** The file's stable id (asset id). Bound into the encryption context: a blob moved to another id fails. */
  fileId: string;
};

/**
 * Encrypts an upload as it streams in (AWS Encryption SDK message format, framed), so plaintext never reaches
 * disk or S3 and the file is never held whole in memory. A source error destroys the returned stream with
 * that same error, so the storage put fails and cleans up.
 */
export function encryptStream(keyring: Keyring, plaintext: Readable, options: FileCryptoOptions): Readable {
  const encryptionContext = contextFor(options.fileId);
  const encryptor = client.encryptStream(keyringsFor(keyring).encrypt, {
    suiteId: SUITE_ID,
    encryptionContext,
    frameLength: FILE_FRAME_LENGTH,
  });
  const output = new PassThrough();
  let settled = false;
  let sourceEnded = false;

  // NOTE: the SDK's encrypt stream must never be destroyed mid-message: it wires its inner streams with a
  // callback-less readable-stream pipeline() that rethrows "Premature close" as an uncaught exception (a
  // crash). So on failure it is detached and ended instead, and its remaining output (≤ 1 frame) discarded.
  const abandon = (err?: Error): void => {
    if (settled) return;
    settled = true;
    plaintext.unpipe(encryptor);
    encryptor.unpipe(output);
    encryptor.resume();
    if (!sourceEnded) encryptor.end();
    if (!plaintext.destroyed) plaintext.destroy();
    if (err) output.destroy(err);
  };
  plaintext.once("end", () => {
    sourceEnded = true;
  });
  // `on`, not `once`: pipe() leaves source errors to us, and a second error event must not crash the process.
  plaintext.on("error", abandon);
  encryptor.on("error", (err: Error) => {
    if (settled) return;
    settled = true;
    plaintext.unpipe(encryptor);
    plaintext.destroy();
    output.destroy(err);
  });
  output.once("close", () => {
    if (!output.writableFinished) abandon(); // the consumer (storage put) gave up
  });
  plaintext.pipe(encryptor).pipe(output);
  return output;
}

/**
 * Decrypts a stored blob as it streams out. Only frames whose tag verified are emitted; a tampered,
 * reordered or truncated blob, a blob of another file, or one under an unknown kid ends the stream with a
 * DecryptionError after the last good frame (the route must then abort the response, not end it).
 * Errors of the ciphertext source itself (disk, network) are passed through unchanged.
 */
export function decryptStream(keyring: Keyring, ciphertext: Readable, options: FileCryptoOptions): Readable {
  const expected = contextFor(options.fileId);
  const cmm = contextCheckingManager(keyringsFor(keyring).decrypt, expected);
  const decryptor = client.decryptUnsignedMessageStream(cmm, { maxBodySize: FILE_FRAME_LENGTH });
  const verified = new PassThrough();
  let sourceError: unknown;
  ciphertext.once("error", (err: unknown) => {
    sourceError = err;
  });
  // A late error event from the SDK's inner streams after pipeline() has finished must not crash the process.
  decryptor.on("error", ignoreError);
  pipeline(ciphertext, decryptor, verified, ignoreError);

  async function* passVerified(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of verified) yield chunk as Buffer;
    } catch (err) {
      if (err === sourceError || err instanceof DecryptionError) throw err;
      throw new DecryptionError(reasonOf(err), { cause: err });
    }
  }
  return Readable.from(passVerified(), { objectMode: false });
}

/** The encryption context is stored in the clear in the header: ids only, never names or user data. */
function contextFor(fileId: string): Record<string, string> {
  if (!FILE_ID_PATTERN.test(fileId)) throw new TypeError("fileId must be 1-128 characters of [A-Za-z0-9_-]");
  return { purpose: PURPOSE, fileId };
}

/**
 * Wraps the default materials manager so the data key is only unwrapped for a header whose encryption
 * context is exactly ours: a mismatch fails before any key or plaintext exists.
 */
function contextCheckingManager(keyring: KeyringNode, expected: Record<string, string>): NodeMaterialsManager {
  const inner = new NodeDefaultCryptographicMaterialsManager(keyring);
  return {
    getEncryptionMaterials: (request) => inner.getEncryptionMaterials(request),
    decryptMaterials: async (request) => {
      const actual = request.encryptionContext;
      const keys = Object.keys(actual);
      const matches =
        request.suite.id === SUITE_ID &&
        keys.length === Object.keys(expected).length &&
        keys.every((key) => Object.hasOwn(expected, key) && actual[key] === expected[key]);
      if (!matches) throw new DecryptionError("context-mismatch");
      return inner.decryptMaterials(request);
    },
  };
}

type FileKeyrings = { encrypt: KeyringNode; decrypt: KeyringNode };
const keyringCache = new WeakMap<Keyring, FileKeyrings>();

/**
 * New files are wrapped by the current kid only; decryption tries every held kid (rotation). Each kid's
 * RawAesKeyringNode is named `heirloom`/<kid>, which the file header records.
 */
function keyringsFor(keyring: Keyring): FileKeyrings {
  const cached = keyringCache.get(keyring);
  if (cached) return cached;
  const byKid = new Map(
    keyring.kids.map((kid) => [
      kid,
      new RawAesKeyringNode({
        keyNamespace: KEY_NAMESPACE,
        keyName: kid,
        unencryptedMasterKey: keyring.subkey(kid, "file-keyring"),
        wrappingSuite: RawAesWrappingSuiteIdentifier.AES256_GCM_IV12_TAG16_NO_PADDING,
      }),
    ]),
  );
  const current = byKid.get(keyring.currentKid);
  if (!current) throw new Error("Keyring has no current key");
  const decrypt = new MultiKeyringNode({ children: [...byKid.values()] });
  const built = { encrypt: current, decrypt };
  keyringCache.set(keyring, built);
  return built;
}

/** Maps the SDK's error messages onto our reasons, for the security log; unknown messages count as malformed. */
function reasonOf(err: unknown): "unknown-kid" | "malformed" | "auth-failed" {
  const message = err instanceof Error ? err.message : "";
  // The multi-keyring reports this when no held kid could unwrap the file key.
  if (/unencryptedDataKey has not been set/i.test(message)) return "unknown-kid";
  if (/unable to authenticate/i.test(message)) return "auth-failed";
  return "malformed";
}

function ignoreError(): void {
  // Errors surface on the returned stream; pipeline() only needs a callback to stop it throwing.
}
