import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { onlineAccountKeys } from "@/features/online-accounts/api/online-accounts-keys";
import { invalidateAfterAccountWrite } from "@/features/online-accounts/lib/invalidate-accounts";

/** DELETE /api/online-accounts/:id. */
export function useDeleteOnlineAccount() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, number>({
    mutationFn: async (id) => {
      await apiRequest("DELETE", `${onlineAccountKeys.all()[0]}/${id}`);
    },
    onSuccess: () => invalidateAfterAccountWrite(queryClient),
  });
}
