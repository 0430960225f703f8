import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { parseApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import {
  useAcceptTrustedPartyInvitation,
  useTrustedPartyInvitation,
} from "@/features/trusted-parties/api/trusted-party-invitation";

function failureText(error: unknown): string {
  const { status, message } = parseApiError(error);
  if (status === 404) return "This invitation link is invalid, has expired or was withdrawn.";
  if (status === 409) return "This invitation has already been accepted.";
  return message || "We could not check this link. Please try again later.";
}

function Alert({ children }: { children: string }) {
  return (
    <p role="alert" className="rounded-md border border-destructive bg-card p-4 text-sm">
      {children}
    </p>
  );
}

/**
 * The page behind a trusted party's e-mailed link. Opening it changes nothing; accepting is one POST, signed in with
 * the invited address. Without an account the person registers first (with that address) and opens the link again.
 */
export function TrustedPartyInvitation({ token }: { token: string }) {
  const { user } = useAuth();
  const info = useTrustedPartyInvitation(token);
  const accept = useAcceptTrustedPartyInvitation(token);

  if (info.isPending) return <Spinner label="Checking your invitation..." showLabel />;
  if (info.error) return <Alert>{failureText(info.error)}</Alert>;
  const { ownerName, trustedPersonName, invitedEmail } = info.data;

  if (accept.isSuccess) {
    return (
      <div role="status" className="grid gap-3 text-sm">
        <p className="font-semibold">You are now {ownerName}'s trusted party.</p>
        <Link href={paths.trusted.getHref()} className="font-medium text-primary underline underline-offset-4">
          Go to your trusted party area
        </Link>
      </div>
    );
  }

  return (
    <div className="grid gap-4 text-sm">
      <p className="text-base">
        Hello {trustedPersonName}. <strong>{ownerName}</strong> has named you as a trusted party on Heirloom: someone
        who may report their death so that their wishes can be carried out.
      </p>
      {user === null ? (
        <p>
          To accept, <Link href={paths.auth.getHref()}>sign in or create a free account</Link> with{" "}
          <strong>{invitedEmail}</strong>, then open this link from your e-mail again.
        </p>
      ) : (
        <>
          {accept.error ? <Alert>{failureText(accept.error)}</Alert> : null}
          <Button size="lg" className="w-full" disabled={accept.isPending} onClick={() => accept.mutate()}>
            {accept.isPending ? "Accepting..." : "Accept invitation"}
          </Button>
          <p className="text-xs text-muted-foreground">
            You are signed in as {user.email}; the invitation was sent to {invitedEmail}.
          </p>
        </>
      )}
    </div>
  );
}
