/** Query keys for the dashboard; each starts with the API path it reads (the default query function joins them). */
export const dashboardKeys = {
  stats: () => ["/api/dashboard/stats"] as const,
  /**
   * Starts with the assets path on purpose: whatever refreshes the asset lists (an upload, a delete)
   * refreshes the dashboard's recent assets too.
   */
  recentAssets: (limit: number) => ["/api/assets", { limit }] as const,
};
