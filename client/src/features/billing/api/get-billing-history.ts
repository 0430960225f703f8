import { useQuery } from "@tanstack/react-query";
import type { BillingHistoryItem } from "@shared/validators/billing";
import { billingKeys } from "@/features/billing/api/billing-keys";

/** GET /api/billing/history: the user's purchases, newest first. */
export function useBillingHistory({ enabled }: { enabled: boolean }) {
  return useQuery<BillingHistoryItem[]>({ queryKey: billingKeys.history(), enabled });
}
