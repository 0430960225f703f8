import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { getQueryFn, isUnauthorizedError } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { reportIfSecondFactorRequired } from "@/lib/second-factor-gate";

/**
 * Spec 000 §8: every 401 means the session is gone. Forgetting the user sends the router to its signed-out routes, where
 * a protected screen shows "Unauthorized / You are logged out. Logging in again..." and moves to /auth after 500 ms.
 */
function onAnyError(error: unknown, key?: readonly unknown[]) {
  // an agent or admin without a second factor: the router sends them to set it up
  reportIfSecondFactorRequired(error);
  if (!isUnauthorizedError(error)) return;
  if (key && key[0] === queryKeys.user()[0]) return;
  queryClient.setQueryData(queryKeys.user(), null);
}

/** Spec 000 §7: no retries, no refetch on focus, no polling, data never stale on its own. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => onAnyError(error, query.queryKey) }),
  mutationCache: new MutationCache({ onError: (error) => onAnyError(error) }),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});
