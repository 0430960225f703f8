import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { OnlineAccount } from "@/features/online-accounts/api/get-online-accounts";
import { onlineAccountKeys } from "@/features/online-accounts/api/online-accounts-keys";
import { invalidateAfterAccountWrite } from "@/features/online-accounts/lib/invalidate-accounts";

/** The form's parsed output (createOnlineAccountSchema); on an edit, emptied fields come back as null so they clear. */
export type OnlineAccountPayload = Record<string, unknown>;

/** POST /api/online-accounts. */
export function useCreateOnlineAccount() {
  const queryClient = useQueryClient();
  return useMutation<OnlineAccount, Error, OnlineAccountPayload>({
    mutationFn: async (body) => (await apiRequest("POST", onlineAccountKeys.all()[0], body)).json(),
    onSuccess: () => invalidateAfterAccountWrite(queryClient),
  });
}
