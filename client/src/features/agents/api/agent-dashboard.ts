import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AgentClientDto,
  AgentEarningDto,
  AgentInvitationDto,
  AgentMonthlyEarningsDto,
  AgentProfileDto,
  AgentStatsDto,
  CreatedAgentInvitationDto,
} from "@shared/api-types";
import type { AgentProfileInput, InviteClientInput } from "@shared/validators/agents";
import { apiRequest } from "@/lib/api-client";
import { agentKeys } from "@/features/agents/api/agent-keys";

export const useAgentProfile = () => useQuery<AgentProfileDto | null>({ queryKey: agentKeys.profile() });
export const useAgentStats = () => useQuery<AgentStatsDto>({ queryKey: agentKeys.stats() });
export const useAgentClients = () => useQuery<AgentClientDto[]>({ queryKey: agentKeys.clients() });
export const useRecentInvitations = () => useQuery<AgentInvitationDto[]>({ queryKey: agentKeys.invitations() });
export const useAgentEarnings = () => useQuery<AgentEarningDto[]>({ queryKey: agentKeys.earnings() });
export const useMonthlyEarnings = () => useQuery<AgentMonthlyEarningsDto[]>({ queryKey: agentKeys.monthly() });

/** Every agent read starts with /api/agent: one refresh after any agent write. */
function useRefreshAgent() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith("/api/agent") });
}

export function useCreateAgentProfile() {
  const refresh = useRefreshAgent();
  return useMutation<AgentProfileDto, Error, AgentProfileInput>({
    mutationFn: async (input) => (await apiRequest("POST", "/api/agent/profile", input)).json(),
    onSuccess: refresh,
  });
}

export function useInviteClient() {
  const refresh = useRefreshAgent();
  return useMutation<CreatedAgentInvitationDto, Error, InviteClientInput>({
    mutationFn: async (input) => (await apiRequest("POST", "/api/agent/invitations", input)).json(),
    onSuccess: refresh,
  });
}

/** Revoke or resend one of the agent's invitations; a resend answers a fresh link. */
export function useInvitationAction() {
  const refresh = useRefreshAgent();
  return useMutation<
    CreatedAgentInvitationDto | AgentInvitationDto,
    Error,
    { id: number; action: "revoke" | "resend" }
  >({
    mutationFn: async ({ id, action }) => (await apiRequest("POST", `/api/agent/invitations/${id}/${action}`)).json(),
    onSuccess: refresh,
  });
}
