import { randomBytes } from "node:crypto";
import { hashToken } from "../../lib/tokens";

/** How many recovery codes one enabling issues (contract: ten, shown once). */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
/** 10 characters of 32: 50 bits each, far beyond what the sign-in limits let anyone try. */
const CODE_LENGTH = 10;

/** One code as shown to the user: `abcde-fghij`. */
export function newRecoveryCode(): string {
  const chars = [...randomBytes(CODE_LENGTH)].map((byte) => ALPHABET[byte & 31]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** What is stored and compared: the SHA-256 of the code without its dash, in lower case. */
export function hashRecoveryCode(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]+/g, ""));
}
