import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReleaseViewDto } from "@shared/release-api";
import { releaseKeys } from "@/features/releases/api/release-keys";

/** The release of this browser's release session (after the link was opened); 404 once it is revoked or expired. */
export const getReleaseQueryOptions = (id: number) =>
  queryOptions<ReleaseViewDto>({ queryKey: releaseKeys.detail(id) });

export function useRelease(id: number | null) {
  return useQuery({ ...getReleaseQueryOptions(id ?? 0), enabled: id !== null });
}
