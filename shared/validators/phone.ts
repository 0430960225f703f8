import { z } from "zod";
import { stripInvisible } from "./common";

/** What a person sees when the number cannot be read; the form and the route use this same text. */
export const PHONE_MESSAGE =
  "Enter a mobile number with its country code, such as +233 24 123 4567, or a Ghana number such as 024 123 4567";

/** Longest input looked at: an E.164 number with generous spacing. */
const PHONE_INPUT_MAX = 32;
/** What people type between digits: spaces, dashes, dots, brackets. */
const SEPARATORS = /[\s\-().]/g;
/** Ghana numbers have nine digits after the country code (spec 001: "+233 followed by 9 digits"). */
const GHANA_NATIONAL = /^0(\d{9})$/;

/**
 * A phone number as it is stored and texted: E.164, `+` then 8 to 15 digits, the first not 0. A Ghana number written
 * locally (0 and nine digits) becomes +233 and the nine digits; `00` in front of a country code counts as `+`; a
 * trunk 0 kept after +233 (+233 024…) is dropped; +233 must be followed by exactly nine digits. Answers undefined when
 * the input is not such a number.
 */
export function normalizePhone(input: string): string | undefined {
  if (input.length > PHONE_INPUT_MAX) return undefined;
  let v = stripInvisible(input).replace(SEPARATORS, "");
  if (v.startsWith("00")) v = `+${v.slice(2)}`;
  const national = GHANA_NATIONAL.exec(v);
  if (national) v = `+233${national[1]}`;
  if (/^\+2330\d{9}$/.test(v)) v = `+233${v.slice(5)}`;
  if (!/^\+[1-9]\d{7,14}$/.test(v)) return undefined;
  if (v.startsWith("+233") && v.length !== 13) return undefined;
  return v;
}

/**
 * An optional phone field: "" and null clear it (null), anything else is normalised by `normalizePhone` or refused
 * with PHONE_MESSAGE.
 */
export const optionalPhone = z.union([z.string(), z.null()], { error: PHONE_MESSAGE }).transform((v, ctx) => {
  const raw = v === null ? "" : stripInvisible(v).trim();
  if (raw === "") return null;
  const phone = normalizePhone(raw);
  if (phone === undefined) {
    ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
    return z.NEVER;
  }
  return phone;
});
