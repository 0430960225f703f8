import { queryOptions, useQuery } from "@tanstack/react-query";
import type { WillExecutionDto } from "@shared/api-types";
import { executionKeys } from "@/features/wills/api/execution-keys";

/** The execution record of one will version, or null before one is started. */
export const getExecutionQueryOptions = (willId: number) =>
  queryOptions<WillExecutionDto | null>({ queryKey: executionKeys.detail(willId) });

export function useExecution(willId: number) {
  return useQuery(getExecutionQueryOptions(willId));
}

/** The owner's one executed will, or null. */
export function useCurrentExecution() {
  return useQuery(queryOptions<WillExecutionDto | null>({ queryKey: executionKeys.current() }));
}
