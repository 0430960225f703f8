import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminAgentDto } from "@shared/admin-api";
import type { CommissionInput } from "@shared/validators/admin";
import { adminKeys } from "@/features/admin/api/admin-keys";
import { apiRequest } from "@/lib/api-client";

/** GET /api/admin/agents: pending and verified agents with their clients and earnings. */
export function useAdminAgents() {
  return useQuery<AdminAgentDto[]>({ queryKey: adminKeys.agents() });
}

function useRefreshAgents() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.agents() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.stats() }),
    ]).then(() => undefined);
}

/** POST /api/admin/agents/:userId/verify (spec 001 "Verify Agent"). */
export function useVerifyAgent() {
  const refresh = useRefreshAgents();
  return useMutation<void, Error, { userId: number }>({
    mutationFn: async ({ userId }) => {
      await apiRequest("POST", `/api/admin/agents/${userId}/verify`);
    },
    onSuccess: refresh,
  });
}

/** PATCH /api/admin/agents/:agentId/commission {commissionRate} (5–20). */
export function useSetCommission() {
  const refresh = useRefreshAgents();
  return useMutation<void, Error, { agentId: number } & CommissionInput>({
    mutationFn: async ({ agentId, commissionRate }) => {
      await apiRequest("PATCH", `/api/admin/agents/${agentId}/commission`, { commissionRate });
    },
    onSuccess: refresh,
  });
}
