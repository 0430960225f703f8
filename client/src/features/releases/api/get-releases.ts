import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OwnerReleaseDto } from "@shared/release-api";
import { releaseKeys } from "@/features/releases/api/release-keys";

/** The owner's releases, newest first, each with who opened and downloaded what. */
export const getReleasesQueryOptions = () => queryOptions<OwnerReleaseDto[]>({ queryKey: releaseKeys.list() });

export function useReleases() {
  return useQuery(getReleasesQueryOptions());
}
