import { KeyRound } from "lucide-react";
import type { PublicUser } from "@shared/api-types";
import { Button } from "@/components/ui/button";
import { useIsHydrated } from "@/hooks/use-is-hydrated";
import { toast } from "@/hooks/use-toast";
import { useSignInWithPasskey } from "@/features/auth/api/sign-in-with-passkey";
import { parseApiError } from "@/lib/api-client";
import { describeFailure } from "@/lib/describe-failure";
import { isCeremonyCancelled } from "@/lib/webauthn";

/** Password-less sign-in: the browser lists this site's passkeys, and the chosen one signs its owner in. */
export function PasskeySignInButton({ onSuccess }: { onSuccess?: (user: PublicUser) => void }) {
  const signIn = useSignInWithPasskey();
  // on the page rendered ahead of time the button waits for the app, as the password form's does
  const isHydrated = useIsHydrated();
  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      disabled={!isHydrated || signIn.isPending}
      onClick={() =>
        signIn.mutate(undefined, {
          onSuccess: (user) => onSuccess?.(user),
          onError: (error) =>
            toast({
              title: "Passkey sign-in failed",
              description: isCeremonyCancelled(error)
                ? "The request was cancelled or timed out. Try again, or sign in with your password."
                : parseApiError(error).message || describeFailure(error),
              variant: "destructive",
            }),
        })
      }
    >
      <KeyRound aria-hidden="true" />
      {signIn.isPending ? "Waiting for your passkey..." : "Sign in with a passkey"}
    </Button>
  );
}
