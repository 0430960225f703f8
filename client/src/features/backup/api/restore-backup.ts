import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RestoreResult } from "@shared/backup-format";
import { uploadWithProgress } from "@/lib/api-client";

const RESTORE_URL = "/api/import/backup";

/** POST /api/import/backup: a preview (dry run, which checks the file exactly as the restore will) or the restore. */
export function sendRestore(
  file: File,
  dryRun: boolean,
  onProgress: (fraction: number) => void,
): Promise<RestoreResult> {
  const form = new FormData();
  form.append("file", file, file.name);
  return uploadWithProgress<RestoreResult>(dryRun ? `${RESTORE_URL}?dryRun=1` : RESTORE_URL, form, onProgress);
}

export type RestoreVariables = { file: File; dryRun: boolean; onProgress: (fraction: number) => void };

/** A preview (dry run) or the restore itself; a restore refreshes every list, since it may add to all of them. */
export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation<RestoreResult, Error, RestoreVariables>({
    mutationFn: ({ file, dryRun, onProgress }) => sendRestore(file, dryRun, onProgress),
    onSuccess: (result) => (result.dryRun ? undefined : queryClient.invalidateQueries()),
  });
}
