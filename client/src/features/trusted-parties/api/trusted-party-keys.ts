import { queryKeys } from "@/lib/query-keys";

/** Query keys for trusted parties; each starts with the API path it reads, so the default query function GETs it. */
export const trustedPartyKeys = {
  all: () => ["/api/enhanced-trusted-parties"] as const,
  detail: (id: number) => ["/api/enhanced-trusted-parties", String(id)] as const,
  trustedFor: queryKeys.trustedFor,
  invitation: (token: string) => ["/api/trusted-party-invitations", encodeURIComponent(token)] as const,
};
