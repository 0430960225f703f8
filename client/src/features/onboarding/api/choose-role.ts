import { useMutation } from "@tanstack/react-query";
import type { PublicUser } from "@shared/api-types";
import type { ChooseRoleInput } from "@shared/validators/onboarding";
import { apiRequest } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";

/** POST /api/user/onboarding: the Client and Agent cards. The answer is the user with the choice recorded. */
export function useChooseRole() {
  return useMutation<PublicUser, Error, ChooseRoleInput>({
    mutationFn: async (input) => (await (await apiRequest("POST", "/api/user/onboarding", input)).json()) as PublicUser,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.user(), user),
  });
}
