import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { BeneficiaryDto } from "@shared/api-types";
import { fetchListPage, type PageParams } from "@/lib/list-pages";
import { beneficiaryKeys } from "@/features/beneficiaries/api/beneficiary-keys";

/**
 * GET /api/beneficiaries one page at a time, searched on the server (`q`: every word in the name, e-mail or
 * relationship); the previous page stays shown while the next loads.
 */
export function useBeneficiaryPage(params: PageParams, opts: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: opts.enabled ?? true,
    queryKey: beneficiaryKeys.page(params),
    queryFn: () => fetchListPage<BeneficiaryDto>("/api/beneficiaries", params),
    placeholderData: keepPreviousData,
  });
}
