import { randomBytes } from "node:crypto";
import { decodeBase32IgnorePadding, encodeBase32NoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP, verifyHOTP } from "@oslojs/otp";

/** RFC 6238 defaults, the ones every authenticator app reads from the QR code: SHA-1, 30 seconds, 6 digits. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** RFC 4226 §4: at least 128 bits, 160 recommended. */
const SECRET_BYTES = 20;
/**
 * The step before and the step after the current one are accepted too (a phone clock a little off, a code typed as
 * it changes; RFC 6238 §5.2): a code lives at most 90 seconds, and is accepted once (last_used_step).
 */
const DRIFT_STEPS = 1;
const ISSUER = "Heirloom";

/** A new shared secret, in the base32 form apps accept for manual entry. */
export function newTotpSecret(): string {
  return encodeBase32NoPadding(randomBytes(SECRET_BYTES));
}

/** The otpauth:// address the QR code carries (Key Uri Format): issuer Heirloom, the account's e-mail. */
export function totpUri(secret: string, accountName: string): string {
  return createTOTPKeyURI(ISSUER, accountName, decodeBase32IgnorePadding(secret), TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

/** The 30-second time step an instant falls in (the HOTP counter of RFC 6238). */
export function timeStepAt(at: Date): number {
  return Math.floor(at.getTime() / (TOTP_PERIOD_SECONDS * 1000));
}

/** The code an app shows at `at`: what tests and the e2e flow type in. */
export function totpCodeAt(secret: string, at: Date): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(timeStepAt(at)), TOTP_DIGITS);
}

/**
 * The time step whose code `code` is, among the current one and its neighbours, or undefined. Every candidate is
 * compared (in constant time), so the answer's timing says nothing about which one matched.
 */
export function matchingTimeStep(secret: string, code: string, at: Date): number | undefined {
  const key = decodeBase32IgnorePadding(secret);
  const now = timeStepAt(at);
  let matched: number | undefined;
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step += 1) {
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code) && matched === undefined) matched = step;
  }
  return matched;
}
