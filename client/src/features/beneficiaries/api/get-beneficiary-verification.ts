import { queryOptions, useQuery } from "@tanstack/react-query";
import { beneficiaryKeys } from "@/features/beneficiaries/api/beneficiary-keys";

/** What a verification link shows before it is confirmed; 404 unknown or expired, 409 already used. */
export type BeneficiaryVerificationInfo = {
  firstName: string;
  ownerFirstName: string;
  status: "pending" | "verified";
};

export const getBeneficiaryVerificationQueryOptions = (token: string) =>
  queryOptions<BeneficiaryVerificationInfo>({ queryKey: beneficiaryKeys.verification(token) });

export function useBeneficiaryVerification(token: string) {
  return useQuery(getBeneficiaryVerificationQueryOptions(token));
}
