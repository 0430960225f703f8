import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RestoreResult } from "@shared/backup-format";
import { NetworkError } from "@/lib/api-client";

const RESTORE_URL = "/api/import/backup";

/**
 * POST /api/import/backup with XMLHttpRequest, because fetch cannot report upload progress. Failures read exactly
 * like apiRequest's ("<status>: <body or status text>", NetworkError when nothing answered).
 */
export function sendRestore(
  file: File,
  dryRun: boolean,
  onProgress: (fraction: number) => void,
): Promise<RestoreResult> {
  const form = new FormData();
  form.append("file", file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", dryRun ? `${RESTORE_URL}?dryRun=1` : RESTORE_URL);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as RestoreResult);
      } catch (cause) {
        reject(new Error("Unexpected answer from the server.", { cause }));
      }
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onabort = () => reject(new NetworkError());
    xhr.send(form);
  });
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
