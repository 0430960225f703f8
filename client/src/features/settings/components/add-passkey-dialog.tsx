import { useState } from "react";
import type { PasskeyNameInput } from "@shared/validators/passkeys";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { needsRecentSignIn, useAddPasskey } from "@/features/settings/api/passkeys";
import { parseApiError } from "@/lib/api-client";
import { describeFailure } from "@/lib/describe-failure";
import { isCeremonyCancelled } from "@/lib/webauthn";
import { ConfirmPasswordStep } from "./confirm-password-step";
import { PasskeyNameForm } from "./passkey-name-form";

export const CANCELLED_MESSAGE = "No passkey was created: the request was cancelled or timed out. Try again.";

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Adding a passkey: its name, then the browser's own passkey dialog. When the sign-in is older than 15 minutes the
 * password is confirmed first, and the person presses Create again (browsers create passkeys only on a click).
 */
export function AddPasskeyDialog({ open, onOpenChange }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a passkey</DialogTitle>
          <DialogDescription>
            Your device or security key keeps it, unlocked by your fingerprint, face or PIN. It signs you in without
            your password.
          </DialogDescription>
        </DialogHeader>
        {open ? <AddFlow onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddFlow({ onDone }: { onDone: () => void }) {
  const add = useAddPasskey();
  const [name, setName] = useState("");
  const [step, setStep] = useState<"name" | "password">("name");

  const create = async (input: PasskeyNameInput): Promise<string | undefined> => {
    setName(input.name);
    try {
      const passkey = await add.mutateAsync(input);
      toast({ title: "Passkey added", description: `“${passkey.name}” now signs you in.`, variant: "success" });
      onDone();
      return undefined;
    } catch (error) {
      if (needsRecentSignIn(error)) {
        setStep("password");
        return undefined;
      }
      if (isCeremonyCancelled(error)) return CANCELLED_MESSAGE;
      return parseApiError(error).message || describeFailure(error);
    }
  };

  if (step === "password") return <ConfirmPasswordStep onConfirmed={() => setStep("name")} />;
  return (
    <PasskeyNameForm
      defaultName={name}
      submitLabel="Create Passkey"
      pendingLabel="Waiting for your device..."
      onSubmit={create}
      onCancel={onDone}
    />
  );
}
