import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WillExecutionDto } from "@shared/api-types";
import { uploadWithProgress } from "@/lib/api-client";
import { invalidateAfterAssetWrite } from "@/lib/invalidate";
import { afterExecutionWrite } from "@/features/wills/api/save-execution";
import { executionScanUrl } from "@/features/wills/api/execution-keys";

export type UploadScanVariables = { file: File; onProgress: (fraction: number) => void };

/** POST the scan or photo of the signed pages: the record becomes executed. The scan is also one of the files. */
export function useUploadScan(willId: number) {
  const queryClient = useQueryClient();
  return useMutation<WillExecutionDto, Error, UploadScanVariables>({
    mutationFn: ({ file, onProgress }) => {
      const form = new FormData();
      form.append("files", file, file.name);
      return uploadWithProgress<WillExecutionDto>(executionScanUrl(willId), form, onProgress);
    },
    onSuccess: (record) => afterExecutionWrite(queryClient, record),
    onSettled: () => invalidateAfterAssetWrite(queryClient, "digital_files"),
  });
}
