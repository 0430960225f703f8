/** Query keys for beneficiaries; the segments join into the API path the default query function reads. */
export const beneficiaryKeys = {
  all: ["/api/beneficiaries"] as const,
  list: () => [...beneficiaryKeys.all] as const,
  verification: (token: string) => ["/api/beneficiary-verification", encodeURIComponent(token)] as const,
};

/**
 * The dashboard's counters (its key is its API path). Features do not import each other, so the key is named
 * here: beneficiary writes change the dashboard's beneficiary count.
 */
export const DASHBOARD_STATS_KEY = ["/api/dashboard/stats"] as const;
