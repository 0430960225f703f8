/**
 * Why a decryption failed, for the security log only. Never shown to users: the HTTP answer is a generic 500.
 * - `unknown-kid`: no master key this process holds can unwrap the data key (kid retired too early, wrong
 *   config).
 * - `malformed`: the stored value is not in our format (truncated, wrong version, bad encoding).
 * - `auth-failed`: the authentication tag did not verify (tampering, wrong key, wrong row/column/user/file).
 * - `context-mismatch`: an encrypted file was presented for another file id or purpose.
 */
export type DecryptionFailureReason = "unknown-kid" | "malformed" | "auth-failed" | "context-mismatch";

/**
 * The one error every decryption failure becomes. Its message is deliberately constant: it must never carry
 * plaintext, key material or ciphertext, because error messages end up in logs and HTTP answers.
 */
export class DecryptionError extends Error {
  readonly reason: DecryptionFailureReason;

  constructor(reason: DecryptionFailureReason, options?: { cause?: unknown }) {
    super("Decryption failed", options);
    this.name = "DecryptionError";
    this.reason = reason;
  }
}
