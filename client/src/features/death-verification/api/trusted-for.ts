import { useQuery } from "@tanstack/react-query";
import type { TrustedForDto } from "@shared/api-types";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/trusted-for, read here for the people the user may report about (the same cached list as /trusted's). */
export function usePeopleWhoNamedMe() {
  return useQuery<TrustedForDto[]>({ queryKey: queryKeys.trustedFor() });
}
