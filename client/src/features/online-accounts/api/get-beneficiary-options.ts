import { useQuery } from "@tanstack/react-query";
import type { BeneficiaryDto } from "@shared/api-types";
import { onlineAccountKeys } from "@/features/online-accounts/api/online-accounts-keys";

/** GET /api/beneficiaries, read for the account form's beneficiary picker (spec 001 §7). */
export function useBeneficiaryOptions() {
  return useQuery<BeneficiaryDto[]>({ queryKey: onlineAccountKeys.beneficiaries() });
}
