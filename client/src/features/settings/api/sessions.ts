import { useMutation, useQuery } from "@tanstack/react-query";
import type { SessionSummary } from "@shared/validators/account";
import { apiRequest } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { settingsKeys } from "./settings-keys";

export function useSessions() {
  return useQuery<SessionSummary[]>({ queryKey: settingsKeys.sessions() });
}

/** Signs out one session; when it was this one, the app forgets the user (the router goes to sign-in). */
export function useRevokeSession() {
  return useMutation<void, Error, SessionSummary>({
    mutationFn: async (session) => {
      await apiRequest("DELETE", `/api/user/sessions/${encodeURIComponent(session.id)}`);
    },
    onSuccess: (_data, session) =>
      session.current
        ? queryClient.setQueryData(queryKeys.user(), null)
        : queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}

/** "Sign out everywhere else". */
export function useRevokeOtherSessions() {
  return useMutation<{ ended: number }, Error, void>({
    mutationFn: async () => {
      const res = await apiRequest("DELETE", "/api/user/sessions");
      return (await res.json()) as { ended: number };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}
