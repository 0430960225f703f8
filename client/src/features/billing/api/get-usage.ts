import { useQuery } from "@tanstack/react-query";
import type { UsageDto } from "@shared/validators/billing";
import { billingKeys } from "@/features/billing/api/billing-keys";

/** GET /api/usage: plan, limits, what the rows use now and whether payments are in test mode. Signed-in only. */
export function useUsage({ enabled }: { enabled: boolean }) {
  return useQuery<UsageDto>({ queryKey: billingKeys.usage(), enabled });
}
