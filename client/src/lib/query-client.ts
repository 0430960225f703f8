import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";

/** Spec 000 §7: no retries, no refetch on focus, no polling, data never stale on its own. */
export const queryClient = new QueryClient({
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
