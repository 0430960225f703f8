import { createHash, randomBytes } from "node:crypto";

/** A URL-safe random token of 256 bits (never a UUID); only its hash is stored. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

/** SHA-256 hex of a token: what the database keeps and what look-ups compare. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** generateToken() output: 32 random bytes in base64url. Anything else cannot be ours, so no query need run. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Whether `token` has the shape of a token this server hands out (a cheap refusal before any look-up). */
export function isTokenShaped(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}
