import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OwnerReleaseDto } from "@shared/release-api";
import { apiRequest } from "@/lib/api-client";
import { releaseKeys } from "@/features/releases/api/release-keys";

/** Revokes a release at once: its link and any open release session stop working. */
export function useRevokeRelease() {
  const queryClient = useQueryClient();
  return useMutation<OwnerReleaseDto, Error, { id: number }>({
    mutationFn: async ({ id }) => (await apiRequest("POST", `/api/releases/${id}/revoke`)).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: releaseKeys.list(), exact: true }),
  });
}
