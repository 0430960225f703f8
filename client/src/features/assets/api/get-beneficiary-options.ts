import { useQuery } from "@tanstack/react-query";
import type { BeneficiaryDto } from "@shared/api-types";
import { assetKeys } from "@/features/assets/api/assets-keys";

/** GET /api/beneficiaries, read for the "Assign to beneficiary" pickers. */
export function useBeneficiaryOptions() {
  return useQuery<BeneficiaryDto[]>({ queryKey: assetKeys.beneficiaries() });
}
