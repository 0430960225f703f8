/**
 * Query keys for billing. The default query function GETs the key segments joined by "/", so each key is its path.
 */
export const billingKeys = {
  usage: () => ["/api/usage"] as const,
  history: () => ["/api/billing/history"] as const,
};

/** Owned by the dashboard feature; refreshed here because plan and storage changes move its numbers. */
export const DASHBOARD_STATS_KEY = ["/api/dashboard/stats"] as const;
