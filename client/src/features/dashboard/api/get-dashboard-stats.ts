import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DashboardStats } from "@shared/api-types";
import { dashboardKeys } from "@/features/dashboard/api/dashboard-keys";

export const getDashboardStatsQueryOptions = () => queryOptions<DashboardStats>({ queryKey: dashboardKeys.stats() });

export function useDashboardStats() {
  return useQuery(getDashboardStatsQueryOptions());
}
