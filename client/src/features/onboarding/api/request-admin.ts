import { useMutation } from "@tanstack/react-query";
import type { PublicUser } from "@shared/api-types";
import type { PromoteAdminInput } from "@shared/validators/auth";
import { apiRequest } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";

/** Spec 001 §4: a granted request moves the user to the admin dashboard after 1 s. */
export const ADMIN_REDIRECT_DELAY_MS = 1000;

/**
 * POST /api/auth/promote-admin: the Request Admin card. Granted, the user read is refreshed a second later, after the
 * notice has been seen (spec 001 §7); the router then sends the new admin from /onboarding to /admin-dashboard.
 */
export function useRequestAdmin() {
  return useMutation<PublicUser, Error, PromoteAdminInput>({
    mutationFn: async ({ setupToken }) => {
      const body = setupToken ? { setupToken } : {};
      return (await (await apiRequest("POST", "/api/auth/promote-admin", body)).json()) as PublicUser;
    },
    onSuccess: (promoted) => {
      setTimeout(() => {
        queryClient.setQueryData(queryKeys.user(), promoted);
        void queryClient.invalidateQueries({ queryKey: queryKeys.user() });
      }, ADMIN_REDIRECT_DELAY_MS);
    },
  });
}
