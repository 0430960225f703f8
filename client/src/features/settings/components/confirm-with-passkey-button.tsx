import { KeyRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useConfirmWithPasskey } from "@/features/settings/api/passkeys";
import { parseApiError } from "@/lib/api-client";
import { describeFailure } from "@/lib/describe-failure";
import { isCeremonyCancelled } from "@/lib/webauthn";

type ConfirmWithPasskeyButtonProps = { onConfirmed: () => void; onFailed: (message: string) => void };

/** The step-up's other way: one of the user's passkeys instead of the password. */
export function ConfirmWithPasskeyButton({ onConfirmed, onFailed }: ConfirmWithPasskeyButtonProps) {
  const confirm = useConfirmWithPasskey();
  return (
    <Button
      type="button"
      variant="outline"
      className="w-fit"
      disabled={confirm.isPending}
      onClick={() =>
        confirm.mutate(undefined, {
          onSuccess: () => onConfirmed(),
          onError: (error) =>
            onFailed(
              isCeremonyCancelled(error)
                ? "The passkey request was cancelled or timed out. Try again, or use your password."
                : parseApiError(error).message || describeFailure(error),
            ),
        })
      }
    >
      <KeyRound aria-hidden="true" />
      {confirm.isPending ? "Waiting for your passkey..." : "Confirm with a Passkey"}
    </Button>
  );
}
