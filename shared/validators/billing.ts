import { z } from "zod";
import type { MomoPaymentDto } from "../api-types";
import { PLAN_IDS, STORAGE_GB_MAX, STORAGE_GB_MIN, type PlanId } from "../plans";
import { GHANA_PHONE_MESSAGE, ghanaMobileNumber, momoNetwork, MOMO_NETWORK_MESSAGE } from "./mobile-money";

export const BILLING_MESSAGES = {
  planId: "Choose one of the plans",
  storageGB: `Choose between ${STORAGE_GB_MIN} and ${STORAGE_GB_MAX} GB`,
} as const;

export const BILLING_PAYMENT_METHODS = ["card", "mobile_money"] as const;
export type BillingPaymentMethod = (typeof BILLING_PAYMENT_METHODS)[number];

/**
 * How a plan or storage is paid (issue 19): by card (the default, Stripe or test mode) or by mobile money in cedis,
 * which needs the network and the payer's +233 number. Account credit is always spent first, whatever the method.
 */
const paymentFields = {
  paymentMethod: z.enum(BILLING_PAYMENT_METHODS, { error: "Pay by card or mobile money" }).optional(),
  mobileMoneyNetwork: momoNetwork.optional(),
  payerPhone: ghanaMobileNumber.optional(),
};

function requireMomoFields(
  v: { paymentMethod?: BillingPaymentMethod; mobileMoneyNetwork?: unknown; payerPhone?: unknown },
  ctx: z.RefinementCtx,
) {
  if (v.paymentMethod !== "mobile_money") return;
  if (!v.mobileMoneyNetwork)
    ctx.addIssue({ code: "custom", path: ["mobileMoneyNetwork"], message: MOMO_NETWORK_MESSAGE });
  if (!v.payerPhone) ctx.addIssue({ code: "custom", path: ["payerPhone"], message: GHANA_PHONE_MESSAGE });
}

export const upgradePlanSchema = z
  .object({ planId: z.enum(PLAN_IDS, { error: BILLING_MESSAGES.planId }), ...paymentFields })
  .superRefine(requireMomoFields);
export type UpgradePlanInput = z.input<typeof upgradePlanSchema>;

/** A whole number of GB; the server refuses strings and fractions (the form falls back to 1 before sending). */
export const purchaseStorageSchema = z
  .object({
    storageGB: z
      .number({ error: BILLING_MESSAGES.storageGB })
      .int({ error: BILLING_MESSAGES.storageGB })
      .min(STORAGE_GB_MIN, { error: BILLING_MESSAGES.storageGB })
      .max(STORAGE_GB_MAX, { error: BILLING_MESSAGES.storageGB }),
    ...paymentFields,
  })
  .superRefine(requireMomoFields);
export type PurchaseStorageInput = z.input<typeof purchaseStorageSchema>;

/** The payment part of a parsed plan or storage request. */
export type BillingPayment =
  { method: "card" } | { method: "mobile_money"; network: z.infer<typeof momoNetwork>; phone: string };

export function billingPaymentOf(v: {
  paymentMethod?: BillingPaymentMethod;
  mobileMoneyNetwork?: z.infer<typeof momoNetwork>;
  payerPhone?: string;
}): BillingPayment {
  if (v.paymentMethod === "mobile_money" && v.mobileMoneyNetwork && v.payerPhone) {
    return { method: "mobile_money", network: v.mobileMoneyNetwork, phone: v.payerPhone };
  }
  return { method: "card" };
}

/** GET /api/usage: the plan, its limits and what the user's rows use now. Limits of null mean unlimited; bytes. */
export type UsageDto = {
  plan: PlanId;
  baseStorageLimitMB: number;
  additionalStorageGB: number;
  storageUsedMB: number;
  storageUsed: number;
  storageLimit: number;
  fileCount: number;
  fileLimit: number | null;
  documentsUsed: number;
  documentsLimit: number | null;
  imagesUsed: number;
  imagesLimit: number | null;
  videosUsed: number;
  videosLimit: number | null;
  ipAssetsUsed: number;
  ipAssetsLimit: number | null;
  beneficiariesUsed: number;
  beneficiariesLimit: number | null;
  paymentStatus: "ok" | "past_due";
  /** End of the paid period (next billing date), ISO; null on the free plan. */
  planRenewsAt: string | null;
  cancelAtPeriodEnd: boolean;
  /** True when payments run in the built-in test mode: changes apply at once and nothing is charged. */
  testMode: boolean;
};

/**
 * GET /api/billing/history items: the user's purchases, newest first. `price` is the exact decimal in USD (the
 * catalogue price); `paid` is what a purchase paid in cedis was paid with (account credit, mobile money), else null.
 */
export type BillingHistoryItem = {
  id: number;
  name: string;
  category: "plan" | "storage";
  quantity: number;
  price: string;
  status: string;
  createdAt: string;
  paid: { currency: "GHS"; amount: string; credit: string; mobileMoney: string } | null;
};

/**
 * POST /api/upgrade-plan, /api/purchase-storage and /api/subscription/cancel answers: applied at once (test mode),
 * a Stripe Checkout page to send the browser to, or a change scheduled for the end of the period.
 */
export type BillingChangeResult<TUser> =
  | { applied: true; user: TUser }
  | { checkoutUrl: string }
  | { applied: false; user: TUser; message: string }
  /** Mobile money: the payer answers the prompt on their phone; the change applies when the payment is confirmed. */
  | { payment: MomoPaymentDto };

/** GET /api/account-credit: the balance in cedis and one page of its ledger (X-Total-Count: every entry). */
export type AccountCreditEntryDto = {
  id: number;
  amount: string;
  currency: string;
  reason: string;
  description: string;
  createdAt: string;
};
export type AccountCreditDto = { balance: { amount: string; currency: "GHS" }; entries: AccountCreditEntryDto[] };
