import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/**
 * Asks for a new confirmation link for the signed-in user's own address (a few per hour; 429 beyond). Beneficiary
 * e-mails wait until that address is confirmed, so the beneficiaries screen offers it.
 */
export function useResendOwnVerification() {
  return useMutation<{ message: string }, Error, void>({
    mutationFn: async () => (await apiRequest("POST", "/api/auth/resend-verification")).json(),
  });
}
