import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { beneficiaryKeys } from "@/features/beneficiaries/api/beneficiary-keys";

/** Uses up the link: the beneficiary becomes verified. No session needed. */
export function useConfirmBeneficiaryVerification(token: string) {
  return useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiRequest("POST", beneficiaryKeys.verification(token).join("/"));
    },
  });
}
