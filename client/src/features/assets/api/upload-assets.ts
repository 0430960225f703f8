import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FileAssetDto } from "@shared/api-types";
import type { UploadFieldsInput } from "@shared/validators/assets";
import { uploadWithProgress } from "@/lib/api-client";
import { invalidateAfterAssetWrite } from "@/lib/invalidate";

const UPLOAD_URL = "/api/assets/upload";

/** POST /api/assets/upload for one file, reporting its upload progress. */
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
  return uploadWithProgress<FileAssetDto[]>(UPLOAD_URL, form, onProgress);
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
