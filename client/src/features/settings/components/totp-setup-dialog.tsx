import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useStartTotpSetup } from "@/features/settings/api/two-factor";
import { parseApiError } from "@/lib/api-client";
import { describeFailure } from "@/lib/describe-failure";
import { ConfirmPasswordStep } from "./confirm-password-step";
import { RecoveryCodesPanel } from "./recovery-codes-panel";
import { TotpScanStep } from "./totp-scan-step";

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Set-up in one dialog: (the password, when the sign-in is older than 15 minutes) → scan and confirm → the recovery
 * codes, shown once. Its content mounts with each opening, so every opening starts a fresh set-up.
 */
export function TotpSetupDialog({ open, onOpenChange }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Set up two-factor sign-in</DialogTitle>
          <DialogDescription>Link an authenticator app to your account.</DialogDescription>
        </DialogHeader>
        <SetupFlow onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function SetupFlow({ onClose }: { onClose: () => void }) {
  const { mutate: start, data: setup, error, isError } = useStartTotpSetup();
  const [codes, setCodes] = useState<string[] | null>(null);
  useEffect(() => start(), [start]);

  const failure = isError ? parseApiError(error) : null;
  // the server asks for a recent sign-in: 401 with its own message, not "Unauthorized"
  const needsPassword = failure?.status === 401 && !/Unauthorized/.test(failure.message);
  let body;
  if (codes) body = <RecoveryCodesPanel codes={codes} />;
  else if (needsPassword) body = <ConfirmPasswordStep onConfirmed={() => start()} />;
  else if (failure) body = <p role="alert">{failure.message || describeFailure(error)}</p>;
  else if (setup) body = <TotpScanStep setup={setup} onEnabled={setCodes} />;
  else body = <Spinner label="Preparing your key..." showLabel />;

  return (
    <>
      {body}
      <DialogFooter>
        <Button variant={codes ? "default" : "outline"} onClick={onClose}>
          {codes ? "Done" : "Cancel"}
        </Button>
      </DialogFooter>
    </>
  );
}
