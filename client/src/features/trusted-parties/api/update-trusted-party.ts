import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TrustedPartyDto } from "@shared/api-types";
import type { UpdateTrustedPartyInput } from "@shared/validators/trusted-parties";
import { apiRequest } from "@/lib/api-client";
import { trustedPartyKeys } from "@/features/trusted-parties/api/trusted-party-keys";

/** GET /api/enhanced-trusted-parties/:id: the owner's edit read, the one answer with the numbers unmasked. */
export function useTrustedParty(id: number, enabled: boolean) {
  return useQuery<TrustedPartyDto>({ queryKey: trustedPartyKeys.detail(id), enabled, gcTime: 0 });
}

export type UpdateTrustedPartyVariables = { id: number; data: UpdateTrustedPartyInput };

/** PATCH: a new e-mail is only taken while the invitation is pending (409 otherwise); the list is read again. */
export function useUpdateTrustedParty() {
  const queryClient = useQueryClient();
  return useMutation<TrustedPartyDto, Error, UpdateTrustedPartyVariables>({
    mutationFn: async ({ id, data }) => (await apiRequest("PATCH", `/api/enhanced-trusted-parties/${id}`, data)).json(),
    onSuccess: (_party, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trustedPartyKeys.all(), exact: true }),
        queryClient.removeQueries({ queryKey: trustedPartyKeys.detail(id) }),
      ]).then(() => undefined),
  });
}
