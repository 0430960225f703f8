import type { QueryClient } from "@tanstack/react-query";
import { onlineAccountKeys } from "@/features/online-accounts/api/online-accounts-keys";

/** After any account write: the account list (here and on the Assets screen) and what counts it. */
export function invalidateAfterAccountWrite(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [onlineAccountKeys.all(), ...onlineAccountKeys.affected()].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
