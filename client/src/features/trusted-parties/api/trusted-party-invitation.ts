import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TrustedPartyInvitationDto } from "@shared/api-types";
import { apiRequest } from "@/lib/api-client";
import { trustedPartyKeys } from "@/features/trusted-parties/api/trusted-party-keys";

/** The invitation behind a link: a read that changes nothing (404 unknown or expired, 409 already accepted). */
export function useTrustedPartyInvitation(token: string) {
  return useQuery<TrustedPartyInvitationDto>({ queryKey: trustedPartyKeys.invitation(token) });
}

/** Accepts as the signed-in account (403 when it is not the invited address). */
export function useAcceptTrustedPartyInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiRequest("POST", "/api/trusted-party-invitations/accept", { token });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trustedPartyKeys.trustedFor() }),
  });
}
