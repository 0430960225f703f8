/** Query keys for the admin console; each starts with the API path it reads, so the default query function GETs it. */
export const adminKeys = {
  all: () => ["/api/admin"] as const,
  stats: () => ["/api/admin/stats"] as const,
  users: () => ["/api/admin/users"] as const,
  usersPage: (params: object) => ["/api/admin/users", "page", params] as const,
  user: (id: number) => ["/api/admin/users", id] as const,
  agents: () => ["/api/admin/agents"] as const,
  metrics: () => ["/api/admin/metrics"] as const,
  settings: () => ["/api/admin/settings"] as const,
  auditPage: (params: object) => ["/api/admin/audit", "page", params] as const,
};
