import { useQuery } from "@tanstack/react-query";
import type { TrustedPartyDto } from "@shared/api-types";
import { trustedPartyKeys } from "@/features/trusted-parties/api/trusted-party-keys";

/** GET /api/enhanced-trusted-parties: the owner's parties, numbers masked, newest first. */
export function useTrustedParties() {
  return useQuery<TrustedPartyDto[]>({ queryKey: trustedPartyKeys.all() });
}
