import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { invalidateAllButUser } from "@/lib/invalidate";

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
    onSuccess: () => invalidateAllButUser(queryClient),
  });
}
