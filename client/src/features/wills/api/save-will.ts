import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WillDto } from "@shared/api-types";
import type { SaveWillInput } from "@shared/validators/wills";
import { apiRequest } from "@/lib/api-client";
import { willKeys } from "@/features/wills/api/will-keys";

/** Saving always creates a new active version; the server archives every earlier one. */
export function useSaveWill() {
  const queryClient = useQueryClient();
  return useMutation<WillDto, Error, SaveWillInput>({
    mutationFn: async (input) => (await apiRequest("POST", "/api/digital-wills", input)).json(),
    // Awaited, so the caller's success notice appears once the new version is on screen.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: willKeys.all }),
  });
}
