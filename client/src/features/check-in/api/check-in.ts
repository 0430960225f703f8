import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

type CheckInResult = { checkedInAt: string; message: string };

/** POST /api/check-in: the signed-in owner says "I'm still here"; the triggers' next steps move. */
export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation<CheckInResult, Error, void>({
    mutationFn: async () => (await apiRequest("POST", "/api/check-in")).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/triggers"] }),
  });
}

/** POST /api/check-in/:token: the single-use link of a warning (public). */
export function useCheckInByLink(token: string) {
  return useMutation<CheckInResult, Error, void>({
    mutationFn: async () => (await apiRequest("POST", `/api/check-in/${encodeURIComponent(token)}`)).json(),
  });
}
