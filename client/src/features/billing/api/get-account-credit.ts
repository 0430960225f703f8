import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AccountCreditDto } from "@shared/validators/billing";
import { billingKeys } from "@/features/billing/api/billing-keys";
import { apiRequest } from "@/lib/api-client";
import type { PageParams } from "@/lib/list-pages";

export type AccountCreditPage = AccountCreditDto & { total: number };

/** GET /api/account-credit one ledger page at a time (newest first, X-Total-Count), with the balance. */
export function useAccountCreditPage(params: PageParams, { enabled }: { enabled: boolean }) {
  return useQuery<AccountCreditPage>({
    queryKey: [...billingKeys.credit(), "page", params],
    queryFn: async () => {
      const search = new URLSearchParams({ limit: String(params.limit), offset: String(params.offset) });
      const res = await apiRequest("GET", `/api/account-credit?${search.toString()}`);
      const body = (await res.json()) as AccountCreditDto;
      const total = Number(res.headers.get("X-Total-Count"));
      return {
        ...body,
        total: Number.isFinite(total) && res.headers.has("X-Total-Count") ? total : body.entries.length,
      };
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}
