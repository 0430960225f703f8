import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BeneficiaryDto } from "@shared/api-types";
import type { CreateBeneficiaryInput } from "@shared/validators/beneficiaries";
import { apiRequest } from "@/lib/api-client";
import { invalidateAfterBeneficiaryWrite } from "@/lib/invalidate";

/** 402 when the plan's beneficiary limit is reached; the message says upgrading lifts it. */
export function useCreateBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation<BeneficiaryDto, Error, CreateBeneficiaryInput>({
    mutationFn: async (input) => (await apiRequest("POST", "/api/beneficiaries", input)).json(),
    onSuccess: () => invalidateAfterBeneficiaryWrite(queryClient),
  });
}
