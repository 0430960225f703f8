import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DashboardStats } from "@shared/api-types";
import { queryKeys } from "@/lib/query-keys";

export const getAccountOverviewQueryOptions = () =>
  queryOptions<DashboardStats>({ queryKey: queryKeys.dashboardStats() });

/** Totals and storage for the overview card: the dashboard's stats read (same key, so one cache entry). */
export function useAccountOverview() {
  return useQuery(getAccountOverviewQueryOptions());
}
