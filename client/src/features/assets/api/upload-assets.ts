import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FileAssetDto } from "@shared/api-types";
import type { UploadFieldsInput } from "@shared/validators/assets";
import { NetworkError } from "@/lib/api-client";
import { invalidateAfterAssetWrite } from "@/features/assets/lib/invalidate-assets";

const UPLOAD_URL = "/api/assets/upload";

/**
 * POST /api/assets/upload with XMLHttpRequest, because fetch cannot report upload progress. Failures match
 * apiRequest exactly ("<status>: <body or status text>", NetworkError when there is no answer) so parseApiError
 * reads them the same way.
 */
export function uploadFile(
  file: File,
  fields: UploadFieldsInput,
  onProgress: (fraction: number) => void,
): Promise<FileAssetDto[]> {
  const form = new FormData();
  // Text fields first: multer sees them before the file part arrives.
  form.append("category", fields.category);
  if (fields.description) form.append("description", fields.description);
  if (fields.assignedToBeneficiary != null) form.append("assignedToBeneficiary", String(fields.assignedToBeneficiary));
  form.append("files", file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOAD_URL);
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
        resolve(JSON.parse(xhr.responseText) as FileAssetDto[]);
      } catch (cause) {
        reject(new Error("Unexpected answer from the server.", { cause }));
      }
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onabort = () => reject(new NetworkError());
    xhr.send(form);
  });
}

export type UploadVariables = {
  files: File[];
  fields: UploadFieldsInput;
  /** Called with the file's position in `files` and 0–1. */
  onFileProgress: (index: number, fraction: number) => void;
  onFileDone: (index: number) => void;
};

/**
 * One request per file, in turn, so each file's progress bar is real. Stops at the first failure (the files
 * before it are stored); lists refresh either way.
 */
export function useUploadAssets() {
  const queryClient = useQueryClient();
  return useMutation<FileAssetDto[], Error, UploadVariables>({
    mutationFn: async ({ files, fields, onFileProgress, onFileDone }) => {
      const created: FileAssetDto[] = [];
      for (const [index, file] of files.entries()) {
        onFileProgress(index, 0);
        created.push(...(await uploadFile(file, fields, (fraction) => onFileProgress(index, fraction))));
        onFileDone(index);
      }
      return created;
    },
    onSettled: () => invalidateAfterAssetWrite(queryClient, "digital_files"),
  });
}
