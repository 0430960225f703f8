import { useMutation, useQuery } from "@tanstack/react-query";
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import type { PasskeyNameInput, PasskeySummary } from "@shared/validators/passkeys";
import { apiRequest, parseApiError } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { settingsKeys } from "./settings-keys";

/** The server asks for a recent sign-in (401 with its own message, not "Unauthorized"): the password confirms it. */
export function needsRecentSignIn(error: unknown): boolean {
  const { status, message } = parseApiError(error);
  return status === 401 && !/Unauthorized/.test(message);
}

/** The list, and the user (its passkey count opens an agent's or admin's area), after adding or removing one. */
const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: settingsKeys.passkeys() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.user() }),
  ]);

export function usePasskeys() {
  return useQuery<PasskeySummary[]>({ queryKey: settingsKeys.passkeys() });
}

/**
 * Adds a passkey: the server's options, the browser's passkey dialog (startRegistration), then the answer with the
 * chosen name. Fails with the server's 401 asking for a recent sign-in before the browser is asked anything.
 */
export function useAddPasskey() {
  return useMutation<PasskeySummary, Error, PasskeyNameInput>({
    mutationFn: async ({ name }) => {
      const options = (await (
        await apiRequest("POST", "/api/user/passkeys/options")
      ).json()) as PublicKeyCredentialCreationOptionsJSON;
      const response = await startRegistration({ optionsJSON: options });
      return (await apiRequest("POST", "/api/user/passkeys", { name, response })).json();
    },
    onSuccess: refresh,
  });
}

export function useRenamePasskey() {
  return useMutation<PasskeySummary, Error, { id: number } & PasskeyNameInput>({
    mutationFn: async ({ id, name }) => (await apiRequest("PATCH", `/api/user/passkeys/${id}`, { name })).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.passkeys() }),
  });
}

export function useRemovePasskey() {
  return useMutation<void, Error, { id: number }>({
    mutationFn: async ({ id }) => {
      await apiRequest("DELETE", `/api/user/passkeys/${id}`);
    },
    onSuccess: refresh,
  });
}

/** Step-up with a passkey: one of the user's own passkeys confirms a recent sign-in, as the password would. */
export function useConfirmWithPasskey() {
  return useMutation<void, Error, void>({
    mutationFn: async () => {
      const options = (await (
        await apiRequest("POST", "/api/user/reauth/passkey/options")
      ).json()) as PublicKeyCredentialRequestOptionsJSON;
      const response = await startAuthentication({ optionsJSON: options });
      await apiRequest("POST", "/api/user/reauth/passkey", { response });
    },
  });
}
