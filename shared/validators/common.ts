import { z } from "zod";

export const PRIORITIES = ["high", "medium", "low"] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Bidi overrides and zero-width characters are stripped from names and titles so nothing displays deceptively. */
const INVISIBLE = /[\p{Bidi_Control}\u200B-\u200D\uFEFF]/gu;
/** C0 control characters other than tab, line feed and carriage return (PostgreSQL text cannot hold NUL at all). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Removes characters no one types on purpose: control characters (NUL included). Keeps tabs and line breaks. */
export function stripControl(value: string): string {
  return value.replace(CONTROL, "");
}

export function stripInvisible(value: string): string {
  return stripControl(value).replace(INVISIBLE, "");
}

export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .transform(stripInvisible)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { error: message })
        .max(max, { error: `Must be at most ${max} characters` }),
    );

/** Optional free text: "" and null count as absent ("empty fields dropped", spec 000 §5). */
export const optionalText = (max = 5000) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v == null ? undefined : stripInvisible(v).trim() || undefined))
    .pipe(
      z
        .string()
        .max(max, { error: `Must be at most ${max} characters` })
        .optional(),
    );

/** A beneficiary id or null ("No assignment"); strings of digits from selects are accepted. */
export const beneficiaryRef = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v === "" || v === "none") return null;
    const n = typeof v === "number" ? v : Number(v);
    if (!Number.isSafeInteger(n) || n <= 0) {
      ctx.addIssue({ code: "custom", message: "Choose a beneficiary from your list" });
      return z.NEVER;
    }
    return n;
  });

/** A positive integer route id; anything else is a 404-worthy miss, never a 500. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

export const paginationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
