import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BeneficiaryDto } from "@shared/api-types";
import { beneficiaryKeys } from "@/features/beneficiaries/api/beneficiary-keys";

export const getBeneficiariesQueryOptions = () => queryOptions<BeneficiaryDto[]>({ queryKey: beneficiaryKeys.list() });

export function useBeneficiaries() {
  return useQuery(getBeneficiariesQueryOptions());
}
