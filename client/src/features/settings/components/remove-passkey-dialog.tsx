import { useState } from "react";
import type { PasskeySummary } from "@shared/validators/passkeys";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { needsRecentSignIn, useRemovePasskey } from "@/features/settings/api/passkeys";
import { describeFailure } from "@/lib/describe-failure";
import { ConfirmPasswordStep } from "./confirm-password-step";

type RemovePasskeyDialogProps = { passkey: PasskeySummary | null; onOpenChange: (open: boolean) => void };

/**
 * Removing a passkey goes through the confirmation dialog; when the sign-in is older than 15 minutes, the password
 * is confirmed and the removal goes on by itself.
 */
export function RemovePasskeyDialog({ passkey, onOpenChange }: RemovePasskeyDialogProps) {
  const remove = useRemovePasskey();
  const [needsPassword, setNeedsPassword] = useState(false);
  const close = () => {
    setNeedsPassword(false);
    onOpenChange(false);
  };

  const removeNow = (target: PasskeySummary) =>
    remove.mutate(
      { id: target.id },
      {
        onSuccess: () => {
          toast({ title: "Passkey removed", description: `“${target.name}” no longer signs you in.` });
          close();
        },
        onError: (error) => {
          if (needsRecentSignIn(error)) return setNeedsPassword(true);
          toast({ title: "Could not remove it", description: describeFailure(error), variant: "destructive" });
        },
      },
    );

  if (passkey && needsPassword) {
    return (
      <Dialog open onOpenChange={(open) => !open && close()}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Remove “{passkey.name}”</DialogTitle>
          </DialogHeader>
          <ConfirmPasswordStep
            onConfirmed={() => {
              setNeedsPassword(false);
              removeNow(passkey);
            }}
          />
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <ConfirmDialog
      open={passkey !== null}
      onOpenChange={(open) => !open && close()}
      title="Remove this passkey?"
      description={
        passkey
          ? `“${passkey.name}” will no longer sign you in. You can add it again later.`
          : "The passkey is removed."
      }
      confirmLabel="Remove Passkey"
      pendingLabel="Removing..."
      isPending={remove.isPending}
      onConfirm={() => passkey && removeNow(passkey)}
    />
  );
}
