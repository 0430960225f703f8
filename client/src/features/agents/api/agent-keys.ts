/** Query keys for the agent feature; each starts with the API path it reads, so the default query function GETs it. */
export const agentKeys = {
  all: () => ["/api/agent"] as const,
  profile: () => ["/api/agent/profile"] as const,
  stats: () => ["/api/agent/stats"] as const,
  clients: () => ["/api/agent/clients"] as const,
  invitations: () => ["/api/agent/invitations?limit=5"] as const,
  earnings: () => ["/api/agent/earnings?limit=10"] as const,
  monthly: () => ["/api/agent/earnings/monthly"] as const,
  invitation: (token: string) => ["/api/invitation", encodeURIComponent(token)] as const,
  myAgent: () => ["/api/user/agent"] as const,
};
