import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TrustedPartyDto } from "@shared/api-types";
import type { CreateTrustedPartyInput } from "@shared/validators/trusted-parties";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { trustedPartyKeys } from "@/features/trusted-parties/api/trusted-party-keys";

/** Names a trusted party; the server e-mails the invitation (held until the owner's own e-mail is confirmed). */
export function useCreateTrustedParty() {
  const queryClient = useQueryClient();
  return useMutation<TrustedPartyDto, Error, CreateTrustedPartyInput>({
    mutationFn: async (input) => (await apiRequest("POST", "/api/enhanced-trusted-parties", input)).json(),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trustedPartyKeys.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats() }),
      ]),
  });
}
