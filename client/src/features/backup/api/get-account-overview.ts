import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DashboardStats } from "@shared/api-types";
import { backupKeys } from "@/features/backup/api/backup-keys";

export const getAccountOverviewQueryOptions = () => queryOptions<DashboardStats>({ queryKey: backupKeys.stats() });

/** Totals and storage for the overview card: the dashboard's stats read. */
export function useAccountOverview() {
  return useQuery(getAccountOverviewQueryOptions());
}
