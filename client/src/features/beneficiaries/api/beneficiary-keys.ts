import type { PageParams } from "@/lib/list-pages";
import { queryKeys } from "@/lib/query-keys";

/** Query keys for beneficiaries; every key starts with the API path, so one prefix invalidates every page. */
export const beneficiaryKeys = {
  page: (params: PageParams) => [...queryKeys.beneficiaries(), "page", params] as const,
  verification: (token: string) => ["/api/beneficiary-verification", encodeURIComponent(token)] as const,
};
