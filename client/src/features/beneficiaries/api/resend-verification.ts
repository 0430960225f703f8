import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Sends a fresh single-use link to a pending beneficiary; nothing shown on screen changes. */
export function useResendVerification() {
  return useMutation<void, Error, { id: number }>({
    mutationFn: async ({ id }) => {
      await apiRequest("POST", `/api/beneficiaries/${id}/resend-verification`);
    },
  });
}
