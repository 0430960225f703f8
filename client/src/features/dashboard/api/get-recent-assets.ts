import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FileAssetDto } from "@shared/api-types";
import { apiRequest } from "@/lib/api-client";
import { dashboardKeys } from "@/features/dashboard/api/dashboard-keys";

/** Spec 000 §9: the dashboard lists the 5 newest uploads. */
export const RECENT_ASSETS_LIMIT = 5;

/** The read behind the query: the page for a signed-in client preloads it (client/src/prerender.tsx). */
export const recentAssetsUrl = (limit = RECENT_ASSETS_LIMIT) => `/api/assets?limit=${limit}`;

export const getRecentAssetsQueryOptions = (limit = RECENT_ASSETS_LIMIT) =>
  queryOptions<FileAssetDto[]>({
    queryKey: dashboardKeys.recentAssets(limit),
    queryFn: async () => (await apiRequest("GET", recentAssetsUrl(limit))).json(),
  });

export function useRecentAssets() {
  return useQuery(getRecentAssetsQueryOptions());
}
