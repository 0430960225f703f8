import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { USER_QUERY_KEY } from "@/lib/auth";

export function useVerifyEmail() {
  return useMutation<void, Error, { token: string }>({
    mutationFn: async (input) => {
      await apiRequest("POST", "/api/auth/verify-email", input);
    },
    // A signed-in user's emailVerified flag changes, and with it whether beneficiary e-mails are waiting: read both
    // again (features do not import each other, so the beneficiaries key is its API path).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ["/api/beneficiaries"] }),
      ]),
  });
}
