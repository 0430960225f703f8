import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FileAssetDto } from "@shared/api-types";
import { apiRequest } from "@/lib/api-client";
import { dashboardKeys } from "@/features/dashboard/api/dashboard-keys";

/** Spec 000 §9: the dashboard lists the 5 newest uploads. */
export const RECENT_ASSETS_LIMIT = 5;

export const getRecentAssetsQueryOptions = (limit = RECENT_ASSETS_LIMIT) =>
  queryOptions<FileAssetDto[]>({
    queryKey: dashboardKeys.recentAssets(limit),
    queryFn: async () => (await apiRequest("GET", `/api/assets?limit=${limit}`)).json(),
  });

export function useRecentAssets() {
  return useQuery(getRecentAssetsQueryOptions());
}
