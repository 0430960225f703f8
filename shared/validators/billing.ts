import { z } from "zod";
import { PLAN_IDS, STORAGE_GB_MAX, STORAGE_GB_MIN, type PlanId } from "../plans";

export const BILLING_MESSAGES = {
  planId: "Choose one of the plans",
  storageGB: `Choose between ${STORAGE_GB_MIN} and ${STORAGE_GB_MAX} GB`,
} as const;

export const upgradePlanSchema = z.object({
  planId: z.enum(PLAN_IDS, { error: BILLING_MESSAGES.planId }),
});
export type UpgradePlanInput = z.infer<typeof upgradePlanSchema>;

/** A whole number of GB; the server refuses strings and fractions (the form falls back to 1 before sending). */
export const purchaseStorageSchema = z.object({
  storageGB: z
    .number({ error: BILLING_MESSAGES.storageGB })
    .int({ error: BILLING_MESSAGES.storageGB })
    .min(STORAGE_GB_MIN, { error: BILLING_MESSAGES.storageGB })
    .max(STORAGE_GB_MAX, { error: BILLING_MESSAGES.storageGB }),
});
export type PurchaseStorageInput = z.infer<typeof purchaseStorageSchema>;

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

/** GET /api/billing/history items: the user's purchases, newest first. `price` is the exact decimal in USD. */
export type BillingHistoryItem = {
  id: number;
  name: string;
  category: "plan" | "storage";
  quantity: number;
  price: string;
  status: string;
  createdAt: string;
};

/**
 * POST /api/upgrade-plan, /api/purchase-storage and /api/subscription/cancel answers: applied at once (test mode),
 * a Stripe Checkout page to send the browser to, or a change scheduled for the end of the period.
 */
export type BillingChangeResult<TUser> =
  { applied: true; user: TUser } | { checkoutUrl: string } | { applied: false; user: TUser; message: string };
