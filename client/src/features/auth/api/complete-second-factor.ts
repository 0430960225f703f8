import { useMutation } from "@tanstack/react-query";
import type { PublicUser } from "@shared/api-types";
import type { SecondFactorInput } from "@shared/validators/two-factor";
import { apiRequest } from "@/lib/api-client";
import { welcomeBack } from "@/lib/auth";

/** POST /api/login/2fa: the second step of a sign-in; the right code signs the user in. */
export function useCompleteSecondFactor() {
  return useMutation<PublicUser, Error, SecondFactorInput>({
    mutationFn: async (input) => (await apiRequest("POST", "/api/login/2fa", input)).json(),
    onSuccess: (user) => welcomeBack(user),
  });
}
