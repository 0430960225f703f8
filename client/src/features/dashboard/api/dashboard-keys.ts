import { queryKeys } from "@/lib/query-keys";

/** Query keys for the dashboard; each starts with the API path it reads (the default query function joins them). */
export const dashboardKeys = {
  stats: queryKeys.dashboardStats,
  /**
   * Starts with the files' list path on purpose: whatever refreshes the file lists (an upload, a delete) refreshes
   * the dashboard's recent assets too.
   */
  recentAssets: (limit: number) => [...queryKeys.files(), { limit }] as const,
};
