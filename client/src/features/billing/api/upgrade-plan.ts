import type { UpgradePlanInput } from "@shared/validators/billing";
import { useBillingChange } from "@/features/billing/api/billing-change";

/** POST /api/upgrade-plan: applied at once in test mode, a Checkout URL with Stripe, 409 if the data won't fit. */
export function useUpgradePlan() {
  return useBillingChange<UpgradePlanInput>("/api/upgrade-plan");
}
