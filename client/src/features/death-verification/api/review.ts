import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DeathVerificationReviewDto } from "@shared/death-verification";
import type { ReviewDeathVerificationInput } from "@shared/validators/death-verification";
import { apiRequest } from "@/lib/api-client";
import { deathVerificationKeys } from "@/features/death-verification/api/death-verification-keys";

/** GET /api/admin/death-verifications: the requests awaiting a decision or in their waiting period. */
export function useReviewQueue() {
  return useQuery<DeathVerificationReviewDto[]>({ queryKey: deathVerificationKeys.reviewQueue() });
}

/** POST /api/admin/death-verifications/:id/review. */
export function useReviewDeathVerification(id: number) {
  const queryClient = useQueryClient();
  return useMutation<DeathVerificationReviewDto, Error, ReviewDeathVerificationInput>({
    mutationFn: async (input) =>
      (await apiRequest("POST", `/api/admin/death-verifications/${id}/review`, input)).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deathVerificationKeys.reviewQueue() }),
  });
}
