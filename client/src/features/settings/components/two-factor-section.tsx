import { useState } from "react";
import { ShieldCheck, ShieldOff } from "lucide-react";
import type { PublicUser } from "@shared/api-types";
import { hasSecondFactor, isRoleNeedingSecondFactor } from "@shared/second-factor";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DisableTwoFactorDialog } from "./disable-two-factor-dialog";
import { TotpSetupDialog } from "./totp-setup-dialog";

/** Whether sign-in asks for a code, and the way to turn it on or off. */
export function TwoFactorSection({ user }: { user: PublicUser }) {
  const [dialog, setDialog] = useState<"setup" | "disable" | null>(null);
  const isRoleThatNeedsIt = isRoleNeedingSecondFactor(user.userType);
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-2">
        <Badge variant={user.twoFactorEnabled ? "success" : "secondary"}>{user.twoFactorEnabled ? "On" : "Off"}</Badge>
        <p className="text-sm text-muted-foreground">
          {user.twoFactorEnabled
            ? "Signing in asks for a code from your authenticator app, or one of your recovery codes."
            : "Signing in asks only for your password."}
        </p>
      </div>
      {isRoleThatNeedsIt && !hasSecondFactor(user) ? (
        <p role="note" className="rounded-md border border-destructive/40 p-3 text-sm">
          Your {user.userType} account needs two-factor sign-in before its area opens. Set it up now, or add a passkey
          below.
        </p>
      ) : null}
      <div>
        {user.twoFactorEnabled ? (
          <Button variant="outline" onClick={() => setDialog("disable")}>
            <ShieldOff aria-hidden="true" />
            Turn Off
          </Button>
        ) : user.emailVerified ? (
          <Button onClick={() => setDialog("setup")}>
            <ShieldCheck aria-hidden="true" />
            Set Up Two-Factor Sign-In
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">
            Confirm your e-mail address first (open the link we e-mailed you), then set up two-factor sign-in here.
          </p>
        )}
      </div>
      <TotpSetupDialog open={dialog === "setup"} onOpenChange={(open) => setDialog(open ? "setup" : null)} />
      <DisableTwoFactorDialog open={dialog === "disable"} onOpenChange={(open) => setDialog(open ? "disable" : null)} />
    </div>
  );
}
