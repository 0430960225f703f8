import { useMutation } from "@tanstack/react-query";
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import type { PublicUser } from "@shared/api-types";
import { apiRequest } from "@/lib/api-client";
import { welcomeBack } from "@/lib/auth";

/** The server's options, the browser's passkey dialog, the answer: the server signs in whoever it proves. */
async function ceremony(optionsPath: string, answerPath: string): Promise<PublicUser> {
  const options = (await (await apiRequest("POST", optionsPath)).json()) as PublicKeyCredentialRequestOptionsJSON;
  const response = await startAuthentication({ optionsJSON: options });
  return (await apiRequest("POST", answerPath, { response })).json();
}

/** Password-less: any passkey this browser offers for Heirloom signs its owner in. */
export function useSignInWithPasskey() {
  return useMutation<PublicUser, Error, void>({
    mutationFn: () => ceremony("/api/login/passkey/options", "/api/login/passkey"),
    onSuccess: (user) => welcomeBack(user),
  });
}

/** The second step of a sign-in: one of the pending user's passkeys in place of the app's code. */
export function useCompleteSecondFactorWithPasskey() {
  return useMutation<PublicUser, Error, void>({
    mutationFn: () => ceremony("/api/login/2fa/passkey/options", "/api/login/2fa/passkey"),
    onSuccess: (user) => welcomeBack(user),
  });
}
