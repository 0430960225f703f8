import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";

export function useVerifyEmail() {
  return useMutation<void, Error, { token: string }>({
    mutationFn: async (input) => {
      await apiRequest("POST", "/api/auth/verify-email", input);
    },
    // A signed-in user's emailVerified flag changes, and with it whether beneficiary e-mails are waiting: read both
    // again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.user() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.beneficiaries() }),
      ]),
  });
}
