import { useMutation, useQuery } from "@tanstack/react-query";
import type { ChangeEmailInput } from "@shared/validators/account";
import { apiRequest } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { settingsKeys } from "./settings-keys";
import { withStepUp } from "./step-up";

export type PendingEmail = { pending: { newEmail: string; expiresAt: string } | null };

export function usePendingEmail() {
  return useQuery<PendingEmail>({ queryKey: settingsKeys.pendingEmail() });
}

/** POST /api/user/email: the change waits for the link sent to the new address. */
export function useChangeEmail() {
  return useMutation<void, Error, ChangeEmailInput>({
    mutationFn: async (input) => {
      await withStepUp(input.password, () => apiRequest("POST", "/api/user/email", input));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.pendingEmail() }),
  });
}

/** The links from the e-mails: confirm the new address, or undo the change from the old one. */
export function useEmailChangeLink(kind: "confirm" | "undo") {
  return useMutation<{ message: string }, Error, { token: string }>({
    mutationFn: async (input) => {
      const res = await apiRequest("POST", `/api/user/email/${kind}`, input);
      return (await res.json()) as { message: string };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user() }),
  });
}
