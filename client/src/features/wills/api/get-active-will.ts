import { queryOptions, useQuery } from "@tanstack/react-query";
import type { WillDto } from "@shared/api-types";
import { willKeys } from "@/features/wills/api/will-keys";

/** The current will, or null before the first save. */
export const getActiveWillQueryOptions = () => queryOptions<WillDto | null>({ queryKey: willKeys.active() });

export function useActiveWill() {
  return useQuery(getActiveWillQueryOptions());
}
