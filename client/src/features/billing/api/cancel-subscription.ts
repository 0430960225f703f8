import { useBillingChange } from "@/features/billing/api/billing-change";

/** POST /api/subscription/cancel: the plan stays until the end of the paid period. */
export function useCancelSubscription() {
  return useBillingChange<void>("/api/subscription/cancel");
}
