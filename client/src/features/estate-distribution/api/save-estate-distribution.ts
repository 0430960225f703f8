import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EstateDistributionDto } from "@shared/api-types";
import type { UpdateEstateDistributionInput } from "@shared/validators/estate-distribution";
import { apiRequest } from "@/lib/api-client";
import { estateDistributionKeys } from "@/features/estate-distribution/api/estate-distribution-keys";

/** PUT /api/estate-distribution; the settings and the timeline are read again (the prefix covers both). */
export function useSaveEstateDistribution() {
  const queryClient = useQueryClient();
  return useMutation<EstateDistributionDto, Error, UpdateEstateDistributionInput>({
    mutationFn: async (input) => (await apiRequest("PUT", "/api/estate-distribution", input)).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: estateDistributionKeys.all() }),
  });
}
