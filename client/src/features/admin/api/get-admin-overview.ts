import { useQuery } from "@tanstack/react-query";
import type { AdminMetricsDto, AdminSettingsDto, AdminStatsDto } from "@shared/admin-api";
import { adminKeys } from "@/features/admin/api/admin-keys";

/** GET /api/admin/stats: the stat cards' figures, from real rows. */
export function useAdminStats() {
  return useQuery<AdminStatsDto>({ queryKey: adminKeys.stats() });
}

/** GET /api/admin/metrics: twelve months of sign-ups, revenue and storage for the Analytics tab. */
export function useAdminMetrics() {
  return useQuery<AdminMetricsDto>({ queryKey: adminKeys.metrics() });
}

/** GET /api/admin/settings: the live configuration (Platform Settings), never a secret. */
export function useAdminSettings() {
  return useQuery<AdminSettingsDto>({ queryKey: adminKeys.settings() });
}
