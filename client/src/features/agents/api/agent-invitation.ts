import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MyAgentDto, PublicAgentInvitationDto } from "@shared/api-types";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { agentKeys } from "@/features/agents/api/agent-keys";

/** Spec 001 §4: the token waits here while the invitee signs in or registers. */
export const PENDING_INVITATION_KEY = "heirloom.pendingInvitation";

/** The invitation behind a link: a read that changes nothing (404 unknown or expired, 409 already used). */
export function useAgentInvitation(token: string) {
  return useQuery<PublicAgentInvitationDto>({ queryKey: agentKeys.invitation(token) });
}

export function useAcceptAgentInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, { switchAgent: boolean }>({
    mutationFn: async ({ switchAgent }) => {
      await apiRequest("POST", "/api/agent/accept-invitation", { token, switchAgent });
    },
    onSuccess: () => {
      sessionStorage.removeItem(PENDING_INVITATION_KEY);
      return queryClient.invalidateQueries({ queryKey: queryKeys.user() });
    },
  });
}

/** The client's own agent (settings), or null. */
export const useMyAgent = () => useQuery<MyAgentDto | null>({ queryKey: agentKeys.myAgent() });

export function useEndAgentLink() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiRequest("DELETE", "/api/user/agent");
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.myAgent() }),
  });
}

/**
 * Spec 001 §4: after sign-in the stored token is used. A signed-in screen calls this; a waiting invitation token
 * (kept by the invitation page before sending the visitor to /auth) takes the user back to its page once.
 */
export function usePendingInvitationRedirect(navigate: (to: string) => void): void {
  useEffect(() => {
    const token = sessionStorage.getItem(PENDING_INVITATION_KEY);
    if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return;
    sessionStorage.removeItem(PENDING_INVITATION_KEY);
    navigate(`/invitation/${token}`);
  }, [navigate]);
}
