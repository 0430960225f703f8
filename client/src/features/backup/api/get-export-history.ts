import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ExportHistory } from "@shared/backup-format";
import { backupKeys } from "@/features/backup/api/backup-keys";

/** While an export streams, the history is re-read every few seconds so "Last backup" updates when it ends. */
const WHILE_RUNNING_MS = 3000;

export const getExportHistoryQueryOptions = () =>
  queryOptions<ExportHistory>({
    queryKey: backupKeys.history(),
    refetchInterval: (query) => (query.state.data?.isRunning ? WHILE_RUNNING_MS : false),
  });

export function useExportHistory() {
  return useQuery(getExportHistoryQueryOptions());
}
