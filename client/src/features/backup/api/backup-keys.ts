import type { ExportFormat } from "@shared/backup-format";

/** Query keys for backup and export; each starts with the API path the default query function reads. */
export const backupKeys = {
  history: () => ["/api/export/history"] as const,
};

/** The export download: a plain browser navigation, so a large ZIP streams to disk instead of into memory. */
export function exportUrl(format: ExportFormat): string {
  return `/api/export/backup?format=${format}`;
}
