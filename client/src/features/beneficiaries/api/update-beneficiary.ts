import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BeneficiaryDto } from "@shared/api-types";
import type { UpdateBeneficiaryInput } from "@shared/validators/beneficiaries";
import { apiRequest } from "@/lib/api-client";
import { beneficiaryKeys, DASHBOARD_STATS_KEY } from "@/features/beneficiaries/api/beneficiary-keys";

export type UpdateBeneficiaryVariables = { id: number; data: UpdateBeneficiaryInput };

/** A changed e-mail sends the beneficiary back to pending (server rule), so the list is read again. */
export function useUpdateBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation<BeneficiaryDto, Error, UpdateBeneficiaryVariables>({
    mutationFn: async ({ id, data }) => (await apiRequest("PATCH", `/api/beneficiaries/${id}`, data)).json(),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: beneficiaryKeys.all }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_KEY }),
      ]),
  });
}
