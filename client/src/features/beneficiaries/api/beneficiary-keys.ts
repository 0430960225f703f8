import type { PageParams } from "@/lib/list-pages";

/** Query keys for beneficiaries; every key starts with the API path, so one prefix invalidates every page. */
export const beneficiaryKeys = {
  all: ["/api/beneficiaries"] as const,
  page: (params: PageParams) => [...beneficiaryKeys.all, "page", params] as const,
  verification: (token: string) => ["/api/beneficiary-verification", encodeURIComponent(token)] as const,
};

/**
 * The dashboard's counters (its key is its API path). Features do not import each other, so the key is named
 * here: beneficiary writes change the dashboard's beneficiary count.
 */
export const DASHBOARD_STATS_KEY = ["/api/dashboard/stats"] as const;
