import { PLANS, storageRateFor, type PlanId } from "@shared/plans";

/** Test mode and the dashboard card bill one 30-day period at a time (spec 000 §9: next billing 30 days ahead). */
export const BILLING_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

/** Monthly plan price in USD cents. */
export function planPriceCents(planId: PlanId): number {
  return Math.round(PLANS[planId].priceUSD * 100);
}

/** The per-GB rate of the tier a quantity reaches, in cents. */
export function storageRateCents(gb: number): number {
  return Math.round(storageRateFor(gb) * 100);
}

/** Extra storage: the whole quantity at its tier rate, in integer cents (12 GB → 12 × 199 = 2388). */
export function storageQuoteCents(gb: number): number {
  return gb * storageRateCents(gb);
}

/** Cents as the exact decimal string numeric(10,2) stores: 2388 → "23.88". */
export function centsToDecimal(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, "0")}`;
}

export function storageBundleName(gb: number): string {
  return `Additional storage: ${gb} GB`;
}

export function planBundleName(planId: PlanId): string {
  return `${PLANS[planId].name} plan`;
}
