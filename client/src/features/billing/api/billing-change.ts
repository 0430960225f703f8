import { useMutation } from "@tanstack/react-query";
import type { PublicUser } from "@shared/api-types";
import type { BillingChangeResult } from "@shared/validators/billing";
import { billingKeys } from "@/features/billing/api/billing-keys";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { queryClient } from "@/lib/query-client";

export type BillingChange = BillingChangeResult<PublicUser>;

/** Everything a plan or storage change moves: the user (nav plan badge), usage, dashboard numbers, history. */
export async function refreshBilling(): Promise<void> {
  await Promise.all(
    [
      queryKeys.user(),
      billingKeys.usage(),
      billingKeys.history(),
      billingKeys.credit(),
      queryKeys.dashboardStats(),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/**
 * One POST that may change the plan or storage. The new user is stored at once so the plan badge updates without a
 * reload; a Checkout URL changes nothing here (the caller sends the browser there).
 */
export function useBillingChange<TInput>(path: string) {
  return useMutation<BillingChange, Error, TInput>({
    mutationFn: async (input) => (await apiRequest("POST", path, input)).json(),
    onSuccess: async (result) => {
      if ("user" in result) queryClient.setQueryData(queryKeys.user(), result.user);
      // a mobile-money payment changes nothing yet; its panel refreshes once the payment settles
      if (!("checkoutUrl" in result) && !("payment" in result)) await refreshBilling();
    },
  });
}
