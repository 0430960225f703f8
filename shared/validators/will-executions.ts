import { z } from "zod";
import { optionalText, requiredText } from "./common";

export const EXECUTION_MESSAGES = {
  testatorName: "Enter the testator's full name",
  testatorAddress: "Enter the testator's address",
  place: "Enter where the will is to be signed",
  witnessName: "Enter the witness's full name",
  witnessAddress: "Enter the witness's address",
  witnessOccupation: "Enter the witness's occupation",
  witnessEmail: "Enter a valid e-mail address",
  signedOn: "Enter the date as YYYY-MM-DD",
  tooManyWitnesses: "Name at most 2 witnesses",
} as const;

/** Blank witness slots (every field empty) are dropped; a slot with any field filled needs name, address, occupation. */
const witnessSlot = z
  .object({
    fullName: optionalText(200),
    address: optionalText(500),
    occupation: optionalText(200),
    email: optionalText(254).pipe(z.email({ error: EXECUTION_MESSAGES.witnessEmail }).optional()),
    /** The witness's spouse, if any: a gift to a witness's spouse fails as a gift to the witness does. */
    spouseName: optionalText(200),
  })
  .superRefine((w, ctx) => {
    if (!Object.values(w).some((v) => v !== undefined)) return;
    if (!w.fullName) ctx.addIssue({ code: "custom", path: ["fullName"], message: EXECUTION_MESSAGES.witnessName });
    if (!w.address) ctx.addIssue({ code: "custom", path: ["address"], message: EXECUTION_MESSAGES.witnessAddress });
    if (!w.occupation) {
      ctx.addIssue({ code: "custom", path: ["occupation"], message: EXECUTION_MESSAGES.witnessOccupation });
    }
  });

export type Witness = {
  fullName: string;
  address: string;
  occupation: string;
  email?: string;
  spouseName?: string;
};

/** PUT /api/digital-wills/:id/execution: the execution record of one will version (a draft or ready record). */
export const saveExecutionSchema = z.object({
  testatorName: requiredText(EXECUTION_MESSAGES.testatorName, 200),
  testatorAddress: requiredText(EXECUTION_MESSAGES.testatorAddress, 500),
  place: requiredText(EXECUTION_MESSAGES.place, 200),
  signedOn: optionalText(10).pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: EXECUTION_MESSAGES.signedOn })
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: EXECUTION_MESSAGES.signedOn })
      .optional(),
  ),
  originalLocation: optionalText(500),
  witnesses: z
    .array(witnessSlot)
    .max(2, { error: EXECUTION_MESSAGES.tooManyWitnesses })
    .transform((slots) => slots.filter((w): w is Witness => w.fullName !== undefined)),
});
export type SaveExecutionInput = z.infer<typeof saveExecutionSchema>;
export type SaveExecutionFormValues = z.input<typeof saveExecutionSchema>;

/** PUT /api/digital-wills/:id/execution/location: where the signed original is kept ("with my lawyer at …"). */
export const originalLocationSchema = z.object({
  originalLocation: requiredText("Say where the signed original is kept", 500),
});
export type OriginalLocationInput = z.infer<typeof originalLocationSchema>;

/** The formalities of the Wills Act, 1971 (Act 360) in plain words, shown before printing and printed on the PDF. */
export const EXECUTION_CHECKLIST = [
  "Print the whole will and keep the pages together; do not sign an incomplete copy.",
  "The testator signs at the end of the will (or someone signs for them, in their presence and at their direction).",
  "Two witnesses watch the testator sign, both present at the same time.",
  "Each witness then signs in the presence of the testator.",
  "Neither witness, nor a witness's husband or wife, should receive anything under the will: such a gift fails.",
  "The testator initials the foot of every page.",
  "Keep the signed original somewhere safe and record here where it is.",
] as const;

export const NOT_LEGAL_ADVICE =
  "Heirloom helps you prepare and record your will. This is not legal advice: a lawyer can check that your will meets the Wills Act, 1971 (Act 360).";
