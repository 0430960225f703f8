import { KeyRound } from "lucide-react";
import type { PublicUser } from "@shared/api-types";
import { TWO_FACTOR_MESSAGES } from "@shared/validators/two-factor";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { useCompleteSecondFactorWithPasskey } from "@/features/auth/api/sign-in-with-passkey";
import { parseApiError } from "@/lib/api-client";
import { describeFailure } from "@/lib/describe-failure";
import { isCeremonyCancelled } from "@/lib/webauthn";

type PasskeySecondStepProps = { onSuccess?: (user: PublicUser) => void; onRestart: () => void };

/** The second step with a passkey instead of the app's code. */
export function PasskeySecondStep({ onSuccess, onRestart }: PasskeySecondStepProps) {
  const complete = useCompleteSecondFactorWithPasskey();
  const onError = (error: Error) => {
    const { status, message } = parseApiError(error);
    if (status === 401 && message === TWO_FACTOR_MESSAGES.signInExpired) {
      toast({ title: "Please sign in again", description: message, variant: "destructive" });
      return onRestart();
    }
    toast({
      title: "Passkey not accepted",
      description: isCeremonyCancelled(error)
        ? "The request was cancelled or timed out. Try again."
        : message || describeFailure(error),
      variant: "destructive",
    });
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      disabled={complete.isPending}
      onClick={() => complete.mutate(undefined, { onSuccess: (user) => onSuccess?.(user), onError })}
    >
      <KeyRound aria-hidden="true" />
      {complete.isPending ? "Waiting for your passkey..." : "Use a passkey"}
    </Button>
  );
}
