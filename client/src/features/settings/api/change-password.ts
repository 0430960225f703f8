import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordInput } from "@shared/validators/account";
import { apiRequest } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { settingsKeys } from "./settings-keys";
import { withStepUp } from "./step-up";

/** POST /api/user/password: every other session ends, so the session list is read again. */
export function useChangePassword() {
  return useMutation<void, Error, ChangePasswordInput>({
    mutationFn: async (input) => {
      await withStepUp(input.currentPassword, () => apiRequest("POST", "/api/user/password", input));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}
