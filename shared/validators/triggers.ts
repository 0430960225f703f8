import { z } from "zod";
import { ITEM_KINDS, TRIGGER_TYPES, VERIFICATION_METHODS } from "../release-kinds";
import { optionalText, requiredText } from "./common";

/** Messages of the trigger form (spec 001 §5 and the contract's rules for each type's parameter). */
export const TRIGGER_MESSAGES = {
  beneficiaryId: "Choose a beneficiary",
  triggerType: "Choose a trigger type",
  triggerDate: "Choose a date and time in the future",
  inactivityDays: "Inactivity period must be a whole number of days from 1 to 3650",
  ageThreshold: "Age must be a whole number from 1 to 120",
  message: "Message must be at most 2000 characters",
} as const;

const positiveId = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((v) => Number(v))
    .pipe(z.number({ error: message }).int({ error: message }).positive({ error: message }));

const optionalId = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => (v === "" || v === "none" || v == null ? undefined : Number(v)))
  .pipe(z.number().int().positive({ error: "Choose one of your own items" }).optional());

/**
 * POST /api/triggers. Only the chosen type's parameter is kept; whether `triggerDate` is in the future is checked
 * against the server's clock by the service (the client checks it against its own for the form).
 */
export const createTriggerSchema = z
  .object({
    beneficiaryId: positiveId(TRIGGER_MESSAGES.beneficiaryId),
    triggerType: z.enum(TRIGGER_TYPES, { error: TRIGGER_MESSAGES.triggerType }),
    triggerDate: z.union([z.string(), z.null()]).optional(),
    inactivityDays: z.union([z.number(), z.string(), z.null()]).optional(),
    ageThreshold: z.union([z.number(), z.string(), z.null()]).optional(),
    assetId: optionalId,
    assetBundleId: optionalId,
    message: optionalText(2000),
    requiresVerification: z.boolean().default(false),
    verificationMethod: z
      .enum(VERIFICATION_METHODS, { error: "Choose how the trigger is verified" })
      .default("automatic"),
    description: optionalText(1000),
  })
  .transform((v, ctx) => {
    // A trigger that needs verification waits for a trusted party's confirmation: the one method that verifies.
    const requiresVerification = v.requiresVerification || v.verificationMethod === "trusted_party";
    const base = {
      beneficiaryId: v.beneficiaryId,
      triggerType: v.triggerType,
      assetId: v.assetId,
      assetBundleId: v.assetBundleId,
      message: v.message,
      requiresVerification,
      verificationMethod: requiresVerification ? ("trusted_party" as const) : ("automatic" as const),
      description: v.description,
      triggerDate: undefined as Date | undefined,
      inactivityDays: undefined as number | undefined,
      ageThreshold: undefined as number | undefined,
    };
    const fail = (path: string, message: string) => {
      ctx.addIssue({ code: "custom", path: [path], message });
      return z.NEVER;
    };
    if (v.triggerType === "specific_date") {
      const at = typeof v.triggerDate === "string" ? new Date(v.triggerDate) : undefined;
      if (!at || Number.isNaN(at.getTime())) return fail("triggerDate", TRIGGER_MESSAGES.triggerDate);
      base.triggerDate = at;
    }
    if (v.triggerType === "inactivity_period") {
      const days = Number(v.inactivityDays);
      if (v.inactivityDays == null || v.inactivityDays === "" || !Number.isInteger(days) || days < 1 || days > 3650)
        return fail("inactivityDays", TRIGGER_MESSAGES.inactivityDays);
      base.inactivityDays = days;
    }
    if (v.triggerType === "age_milestone") {
      const age = Number(v.ageThreshold);
      if (v.ageThreshold == null || v.ageThreshold === "" || !Number.isInteger(age) || age < 1 || age > 120)
        return fail("ageThreshold", TRIGGER_MESSAGES.ageThreshold);
      base.ageThreshold = age;
    }
    if (v.assetId !== undefined && v.assetBundleId !== undefined)
      return fail("assetBundleId", "Choose one file or one bundle, not both");
    return base;
  });
export type CreateTriggerInput = z.output<typeof createTriggerSchema>;

/** PUT /api/triggers/:id/status: the owner may only cancel (contract). */
export const triggerStatusSchema = z.object({
  status: z.string({ error: "status is required" }),
});

const bundleItem = z.object({
  kind: z.enum(ITEM_KINDS, { error: "Unknown kind of asset" }),
  id: z.coerce.number().int().positive(),
});

export const createBundleSchema = z.object({
  name: requiredText("Bundle name is required", 200),
  description: optionalText(1000),
  items: z.array(bundleItem).max(1000, { error: "A bundle holds at most 1000 items" }).default([]),
});
export type CreateBundleInput = z.infer<typeof createBundleSchema>;

export const updateBundleSchema = z.object({
  name: requiredText("Bundle name is required", 200).optional(),
  description: optionalText(1000),
  items: z.array(bundleItem).max(1000, { error: "A bundle holds at most 1000 items" }).optional(),
});
export type UpdateBundleInput = z.infer<typeof updateBundleSchema>;

/** POST /api/releases/open and POST /api/check-in/:token carry a link's token. */
export const linkTokenSchema = z.object({
  token: z.string({ error: "This link is invalid" }).min(20).max(200),
});
