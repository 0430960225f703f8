import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BeneficiaryDto } from "@shared/api-types";
import type { UpdateBeneficiaryInput } from "@shared/validators/beneficiaries";
import { apiRequest } from "@/lib/api-client";
import { invalidateAfterBeneficiaryWrite } from "@/lib/invalidate";

export type UpdateBeneficiaryVariables = { id: number; data: UpdateBeneficiaryInput };

/** A changed e-mail sends the beneficiary back to pending (server rule), so the list is read again. */
export function useUpdateBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation<BeneficiaryDto, Error, UpdateBeneficiaryVariables>({
    mutationFn: async ({ id, data }) => (await apiRequest("PATCH", `/api/beneficiaries/${id}`, data)).json(),
    onSuccess: () => invalidateAfterBeneficiaryWrite(queryClient),
  });
}
