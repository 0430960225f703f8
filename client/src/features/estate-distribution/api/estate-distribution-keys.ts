/** Query keys for the owner's estate distribution; each starts with the API path it reads. */
export const estateDistributionKeys = {
  all: () => ["/api/estate-distribution"] as const,
  preview: () => ["/api/estate-distribution", "preview"] as const,
};
