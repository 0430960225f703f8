import { z } from "zod";
import { emailSchema, registerSchema } from "./auth";
import { optionalText, requiredText } from "./common";

/** Spec 001 §9: the practice areas and specializations the onboarding offers. */
export const PRACTICE_AREAS = [
  "Estate Planning",
  "Elder Law",
  "Tax Law",
  "Real Estate Law",
  "Family Law",
  "Insurance Law",
  "Corporate Law",
  "Financial Planning",
  "Trust Administration",
] as const;
export const SPECIALIZATIONS = [
  "High Net Worth Estates",
  "Digital Asset Planning",
  "International Estates",
  "Business Succession",
  "Charitable Planning",
  "Special Needs Planning",
  "Veterans Benefits",
  "Medicaid Planning",
] as const;

/** Spec 001 §9: commission 5–20 %, default 10; potential earnings use the 29.99 monthly price. */
export const COMMISSION_MIN = 5;
export const COMMISSION_MAX = 20;
export const COMMISSION_DEFAULT = 10;
export const POTENTIAL_PRICE = "29.99";
/** Spec 001 §9 and the contract: invitation links live 120 hours; the dashboard shows the latest 5. */
export const INVITATION_TTL_HOURS = 120;

/**
 * What an earning line is, by its transaction type, on the dashboard and the payout statement: refunds and
 * chargebacks are negative lines named so; a won chargeback gives the commission back.
 */
export function earningLabel(transactionType: string): string {
  switch (transactionType) {
    case "refund":
      return "Refund";
    case "chargeback":
      return "Chargeback";
    case "chargeback_won":
      return "Chargeback won";
    case "invoice":
      return "Renewal";
    default:
      return "Payment";
  }
}
export const RECENT_INVITATIONS = 5;

/** Spec 001 §5 and §8, word for word. */
export const AGENT_MESSAGES = {
  businessName: "Business name must be at least 2 characters",
  licenseNumber: "License number is required",
  practiceAreas: "Select at least one practice area",
  businessAddress: "Complete business address is required",
  businessPhone: "Valid phone number is required",
  website: "Valid website URL is required",
  yearsExperience: "Years of experience is required",
  clientCapacity: "Expected client capacity is required",
  agreeToTerms: "You must agree to the terms",
  commissionRate: `Commission rate must be between ${COMMISSION_MIN} and ${COMMISSION_MAX}`,
  quickBusinessName: "Business name is required",
  inviteEmail: "Please enter a valid email address",
  profileFailed: "Failed to create agent profile.",
  inviteFailed: "Failed to send invitation.",
  onboardingFailedTitle: "Onboarding Failed",
  onboardingFailed: "Failed to create agent profile. Please try again.",
  acceptFailed: "Failed to accept invitation. Please try again.",
  invalidInvitationTitle: "Invalid Invitation",
  invalidInvitation:
    "This invitation link is invalid or has expired. Please contact your agent for a new invitation link.",
  profileRequired: "Create your agent profile before inviting clients.",
} as const;

const minText = (min: number, message: string, max = 500) =>
  z
    .string({ error: message })
    .trim()
    .min(min, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

const website = z
  .union([z.string(), z.null()], { error: AGENT_MESSAGES.website })
  .optional()
  .transform((v) => (v == null ? "" : v.trim()))
  .refine((v) => v === "" || (/^https?:\/\//i.test(v) && z.url().safeParse(v).success), {
    error: AGENT_MESSAGES.website,
  })
  .transform((v) => v || undefined);

const wholeNumber = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(100_000, { error: message });

/** The three-step onboarding (spec 001 §5). `commissionRate` is the agent's one chance to pick it; admins change it after. */
export const agentOnboardingSchema = z.object({
  businessName: minText(2, AGENT_MESSAGES.businessName, 200),
  licenseNumber: minText(3, AGENT_MESSAGES.licenseNumber, 100),
  practiceAreas: z
    .array(z.enum(PRACTICE_AREAS, { error: AGENT_MESSAGES.practiceAreas }), { error: AGENT_MESSAGES.practiceAreas })
    .min(1, { error: AGENT_MESSAGES.practiceAreas })
    .max(PRACTICE_AREAS.length)
    .transform((v) => [...new Set(v)]),
  specializations: z
    .array(z.enum(SPECIALIZATIONS))
    .max(SPECIALIZATIONS.length)
    .default([])
    .transform((v) => [...new Set(v)]),
  businessAddress: minText(10, AGENT_MESSAGES.businessAddress),
  businessPhone: minText(10, AGENT_MESSAGES.businessPhone, 32),
  website,
  yearsExperience: wholeNumber(AGENT_MESSAGES.yearsExperience),
  clientCapacity: wholeNumber(AGENT_MESSAGES.clientCapacity),
  agreeToTerms: z.literal(true, { error: AGENT_MESSAGES.agreeToTerms }),
  commissionRate: z.coerce
    .number({ error: AGENT_MESSAGES.commissionRate })
    .min(COMMISSION_MIN, { error: AGENT_MESSAGES.commissionRate })
    .max(COMMISSION_MAX, { error: AGENT_MESSAGES.commissionRate })
    .refine((n) => Number.isInteger(n * 100), { error: AGENT_MESSAGES.commissionRate })
    .default(COMMISSION_DEFAULT),
});
export type AgentOnboardingInput = z.infer<typeof agentOnboardingSchema>;

/** A signed-out visitor's onboarding also carries the new account (contract: it signs up a new agent). */
export const agentOnboardingRequestSchema = agentOnboardingSchema.extend({
  account: registerSchema.optional(),
});

/** The dashboard's Create Agent Profile dialog: only the business name is required (spec 001 §5). */
export const agentProfileSchema = z.object({
  businessName: requiredText(AGENT_MESSAGES.quickBusinessName, 200),
  licenseNumber: optionalText(100),
  practiceAreas: z.array(z.enum(PRACTICE_AREAS)).max(PRACTICE_AREAS.length).default([]),
  businessAddress: optionalText(500),
  businessPhone: optionalText(32),
  website,
});
export type AgentProfileInput = z.infer<typeof agentProfileSchema>;

export const inviteClientSchema = z.object({
  email: emailSchema,
  firstName: optionalText(100),
  lastName: optionalText(100),
});
export type InviteClientInput = z.infer<typeof inviteClientSchema>;

export const acceptAgentInvitationSchema = z.object({
  token: z.string().min(20).max(200),
  /** The client already has another agent: they must say so to switch (asked on the invitation page). */
  switchAgent: z.boolean().optional(),
});

/** `?month=YYYY-MM` of a payout statement. */
export const payoutMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "Month must look like 2026-01" });

/**
 * clients × 29.99 × rate / 100, in exact hundredths of a cent: no float ever touches the money (spec 001 §9).
 * Answers a decimal string with two places, rounded half up.
 */
export function potentialEarnings(clients: number, rate: number): string {
  if (!Number.isFinite(clients) || !Number.isFinite(rate) || clients < 0) return "0.00";
  const n = BigInt(Math.trunc(clients));
  const rateHundredths = BigInt(Math.round(rate * 100));
  // 2999 cents × rate (hundredths of a percent) / 10 000 → cents.
  const scaled = n * 2999n * rateHundredths;
  const cents = (scaled + 5000n) / 10000n;
  const whole = cents / 100n;
  const frac = (cents % 100n).toString().padStart(2, "0");
  return `${whole}.${frac}`;
}
