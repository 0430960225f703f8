import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { USER_QUERY_KEY } from "@/lib/auth";

/**
 * Deleting also un-assigns the beneficiary's assets of every type (contract), so every cached read except the
 * signed-in user may now be out of date: mark them all stale; only the ones on screen are fetched again.
 */
export function useDeleteBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, { id: number }>({
    mutationFn: async ({ id }) => {
      await apiRequest("DELETE", `/api/beneficiaries/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] }),
  });
}
