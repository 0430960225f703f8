/** Query keys for death verification; each starts with the API path it reads (the default query function GETs it). */
export const deathVerificationKeys = {
  requests: () => ["/api/death-verification/requests"] as const,
  reviewQueue: () => ["/api/admin/death-verifications"] as const,
};
