import { useQuery } from "@tanstack/react-query";
import type { DistributionPreviewDto, EstateDistributionDto } from "@shared/api-types";
import { estateDistributionKeys } from "@/features/estate-distribution/api/estate-distribution-keys";

/** GET /api/estate-distribution: the owner's settings, or the spec's defaults (`savedAt: null`) until they save. */
export function useEstateDistribution() {
  return useQuery<EstateDistributionDto>({ queryKey: estateDistributionKeys.all() });
}

/** GET /api/estate-distribution/preview: the owner's timeline with their real assets. */
export function useDistributionPreview() {
  return useQuery<DistributionPreviewDto>({ queryKey: estateDistributionKeys.preview() });
}
