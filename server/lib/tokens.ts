import { createHash, randomBytes } from "node:crypto";

/** A URL-safe random token of 256 bits (never a UUID); only its hash is stored. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

/** SHA-256 hex of a token: what the database keeps and what look-ups compare. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
