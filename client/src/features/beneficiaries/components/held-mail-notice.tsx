import { MailWarning } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { describeFailure } from "@/lib/describe-failure";
import { useAuth } from "@/lib/auth";
import { useResendOwnVerification } from "@/features/beneficiaries/api/resend-own-verification";

export const HELD_MAIL_TEXT = "Waiting until you confirm your e-mail address";

/**
 * Shown while beneficiary e-mails are held (contract: messages to other people wait until the sender's own address
 * is confirmed), with a way to get a new confirmation link.
 */
export function HeldMailNotice() {
  const { user } = useAuth();
  const resend = useResendOwnVerification();
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: (answer) =>
        toast({ title: "Confirmation E-mail Sent", description: answer.message, variant: "success" }),
      onError: (error) =>
        toast({ title: "Could Not Send the E-mail", description: describeFailure(error), variant: "destructive" }),
    });
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border-2 border-accent bg-accent/15 px-4 py-3 text-foreground sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <MailWarning className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        <p className="text-sm">
          <strong className="block text-base font-semibold">{HELD_MAIL_TEXT}</strong>
          We send your beneficiaries their confirmation e-mails once you have confirmed your own address
          {user ? ` (${user.email})` : ""}. Open the link we e-mailed you, or ask for a new one.
        </p>
      </div>
      <Button variant="outline" className="shrink-0" disabled={resend.isPending} onClick={send}>
        Resend my confirmation e-mail
      </Button>
    </div>
  );
}
