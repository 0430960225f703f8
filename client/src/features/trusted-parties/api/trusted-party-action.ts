import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, type HttpMethod } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { trustedPartyKeys } from "@/features/trusted-parties/api/trusted-party-keys";

/** The owner's actions on one party from the list: revoke, resend the invitation, delete. */
export type TrustedPartyAction = "revoke" | "resend" | "delete";

const REQUEST: Record<TrustedPartyAction, (id: number) => [HttpMethod, string]> = {
  revoke: (id) => ["POST", `/api/enhanced-trusted-parties/${id}/revoke`],
  resend: (id) => ["POST", `/api/enhanced-trusted-parties/${id}/resend-invitation`],
  delete: (id) => ["DELETE", `/api/enhanced-trusted-parties/${id}`],
};

/** One mutation per action; each refreshes the list and the dashboard's count. */
export function useTrustedPartyAction(action: TrustedPartyAction) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, { id: number }>({
    mutationFn: async ({ id }) => {
      const [method, url] = REQUEST[action](id);
      await apiRequest(method, url);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trustedPartyKeys.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats() }),
      ]).then(() => undefined),
  });
}
