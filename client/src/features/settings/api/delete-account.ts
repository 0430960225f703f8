import { useMutation } from "@tanstack/react-query";
import type { DeleteAccountInput } from "@shared/validators/account";
import { apiRequest } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { withStepUp } from "./step-up";

/** DELETE /api/user: the account is gone, so the app forgets the user and every cached read. */
export function useDeleteAccount() {
  return useMutation<void, Error, DeleteAccountInput>({
    mutationFn: async (input) => {
      await withStepUp(input.password, () => apiRequest("DELETE", "/api/user", input));
    },
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.user()[0] });
      queryClient.setQueryData(queryKeys.user(), null);
    },
  });
}
