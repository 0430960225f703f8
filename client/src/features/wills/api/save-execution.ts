import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { WillExecutionDto } from "@shared/api-types";
import type { OriginalLocationInput, SaveExecutionInput } from "@shared/validators/will-executions";
import { apiRequest } from "@/lib/api-client";
import { executionKeys } from "@/features/wills/api/execution-keys";

/** Puts the answer in place and refreshes the current executed will. */
export async function afterExecutionWrite(queryClient: QueryClient, record: WillExecutionDto) {
  queryClient.setQueryData(executionKeys.detail(record.willId), record);
  await queryClient.invalidateQueries({ queryKey: executionKeys.current() });
}

/** PUT the record: saved as a draft (an edited ready record goes back to draft). */
export function useSaveExecution(willId: number) {
  const queryClient = useQueryClient();
  return useMutation<WillExecutionDto, Error, SaveExecutionInput>({
    mutationFn: async (input) => (await apiRequest("PUT", `/api/digital-wills/${willId}/execution`, input)).json(),
    onSuccess: (record) => afterExecutionWrite(queryClient, record),
  });
}

/** draft → ready to sign. */
export function useMarkReady(willId: number) {
  const queryClient = useQueryClient();
  return useMutation<WillExecutionDto, Error, void>({
    mutationFn: async () => (await apiRequest("POST", `/api/digital-wills/${willId}/execution/ready`)).json(),
    onSuccess: (record) => afterExecutionWrite(queryClient, record),
  });
}

/** Where the signed original is kept. */
export function useUpdateLocation(willId: number) {
  const queryClient = useQueryClient();
  return useMutation<WillExecutionDto, Error, OriginalLocationInput>({
    mutationFn: async (input) =>
      (await apiRequest("POST", `/api/digital-wills/${willId}/execution/location`, input)).json(),
    onSuccess: (record) => afterExecutionWrite(queryClient, record),
  });
}
