import { queryOptions, useQuery } from "@tanstack/react-query";
import type { WillDto } from "@shared/api-types";
import { willKeys } from "@/features/wills/api/will-keys";

/** Every version of the will, newest first (contract: lists are newest first). */
export const getWillsQueryOptions = () => queryOptions<WillDto[]>({ queryKey: willKeys.list() });

export function useWills() {
  return useQuery(getWillsQueryOptions());
}
