import { useMutation } from "@tanstack/react-query";
import type {
  DisableTwoFactorInput,
  EnableTotpInput,
  RecoveryCodesResponse,
  TotpSetupResponse,
} from "@shared/validators/two-factor";
import { apiRequest } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { withStepUp } from "./step-up";

/** POST /api/2fa/totp/setup: a new secret (401 with its own message when the sign-in is older than 15 minutes). */
export function useStartTotpSetup() {
  return useMutation<TotpSetupResponse, Error, void>({
    mutationFn: async () => (await apiRequest("POST", "/api/2fa/totp/setup")).json(),
  });
}

/** POST /api/user/reauth: the password confirms a recent sign-in before the set-up. */
export function useConfirmPassword() {
  return useMutation<void, Error, { password: string }>({
    mutationFn: async (input) => {
      await apiRequest("POST", "/api/user/reauth", input);
    },
  });
}

/** POST /api/2fa/totp/enable: the first code turns it on; the answer's recovery codes are shown once. */
export function useEnableTotp() {
  return useMutation<RecoveryCodesResponse, Error, EnableTotpInput>({
    mutationFn: async (input) => (await apiRequest("POST", "/api/2fa/totp/enable", input)).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user() }),
  });
}

/** POST /api/2fa/disable, confirming the password first when the server asks for a recent sign-in. */
export function useDisableTwoFactor() {
  return useMutation<void, Error, DisableTwoFactorInput>({
    mutationFn: async (input) => {
      await withStepUp(input.password, () => apiRequest("POST", "/api/2fa/disable", input));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user() }),
  });
}
