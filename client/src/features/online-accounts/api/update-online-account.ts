import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { OnlineAccountPayload } from "@/features/online-accounts/api/create-online-account";
import type { OnlineAccount } from "@/features/online-accounts/api/get-online-accounts";
import { onlineAccountKeys } from "@/features/online-accounts/api/online-accounts-keys";
import { invalidateAfterAccountWrite } from "@/features/online-accounts/lib/invalidate-accounts";

/** PUT /api/online-accounts/:id. */
export function useUpdateOnlineAccount() {
  const queryClient = useQueryClient();
  return useMutation<OnlineAccount, Error, { id: number; body: OnlineAccountPayload }>({
    mutationFn: async ({ id, body }) => (await apiRequest("PUT", `${onlineAccountKeys.all()[0]}/${id}`, body)).json(),
    onSuccess: () => invalidateAfterAccountWrite(queryClient),
  });
}
