/** Query keys for triggers; each starts with its API path, which the default query function GETs. */
export const triggerKeys = {
  all: () => ["/api/triggers"] as const,
  detail: (id: number) => ["/api/triggers", String(id)] as const,
  /** The pickers of the create dialog. */
  beneficiaryOptions: () => ["/api/beneficiaries", "trigger-options"] as const,
  fileOptions: () => ["/api/asset-index", "trigger-files"] as const,
  bundles: () => ["/api/asset-bundles"] as const,
};
