import { useQuery } from "@tanstack/react-query";
import type { TrustedForDto } from "@shared/api-types";
import { trustedPartyKeys } from "@/features/trusted-parties/api/trusted-party-keys";

/** GET /api/trusted-for: the people who named the signed-in user as an active trusted party. */
export function useTrustedFor() {
  return useQuery<TrustedForDto[]>({ queryKey: trustedPartyKeys.trustedFor() });
}
