import { createHash, randomBytes, randomInt } from "node:crypto";

/** Heirloom's card range: a card number is this prefix, 11 random digits and a Luhn check digit. */
const CARD_PREFIX = "6049";
/** Crockford base32: no I, L, O or U, so a code read aloud or from paper is typed right. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** The Luhn check digit of `digits` (the digit that makes the whole number pass). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidCardNumber(n: string): boolean {
  return /^\d{16}$/.test(n) && luhnCheckDigit(n.slice(0, 15)) === Number(n[15]);
}

export function newCardNumber(): string {
  let body = CARD_PREFIX;
  for (let i = 0; i < 11; i++) body += String(randomInt(10));
  return body + String(luhnCheckDigit(body));
}

/** 80 random bits as 16 base32 characters, shown as XXXX-XXXX-XXXX-XXXX. */
export function newRedemptionCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = "";
  for (let i = 0; i < 16; i++) {
    out = ALPHABET[Number(bits & 31n)] + out;
    bits >>= 5n;
  }
  return out.match(/.{4}/g)?.join("-") ?? out;
}

/** What is stored of a code: the SHA-256 of its 16 characters (case, spaces and dashes removed). */
export function hashRedemptionCode(code: string): string {
  const normalised = code.toUpperCase().replace(/[\s-]/g, "");
  return createHash("sha256").update(normalised).digest("hex");
}
