import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { AGENT_MESSAGES } from "@shared/validators/agents";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { toast } from "@/hooks/use-toast";
import {
  PENDING_INVITATION_KEY,
  useAcceptAgentInvitation,
  useAgentInvitation,
} from "@/features/agents/api/agent-invitation";
import { parseApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";

/** The server's 409 for a client who already has another agent (agents/invitations.service.ts). */
const SWITCH_PREFIX = "You already have an agent.";
const INVALID = `${AGENT_MESSAGES.invalidInvitationTitle}: ${AGENT_MESSAGES.invalidInvitation}`;

function Alert({ children }: { children: string }) {
  return (
    <p role="alert" className="rounded-md border border-destructive bg-card p-4 text-sm">
      {children}
    </p>
  );
}

/**
 * Spec 001 §4 invitation acceptance: the invitee's name and e-mail; signed out, the token waits in session storage
 * and the visitor goes to /auth after 1 s; accepting is one POST, then /dashboard after 2 s. A client who already has
 * an agent is asked before switching.
 */
export function AgentInvitation({ token }: { token: string }) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const info = useAgentInvitation(token);
  const accept = useAcceptAgentInvitation(token);
  const [askSwitch, setAskSwitch] = useState(false);
  const signedOut = user === null && info.isSuccess;

  useEffect(() => {
    if (!signedOut) return;
    sessionStorage.setItem(PENDING_INVITATION_KEY, token);
    const timer = setTimeout(() => navigate(paths.auth.getHref()), 1000);
    return () => clearTimeout(timer);
  }, [signedOut, token, navigate]);

  useEffect(() => {
    if (!accept.isSuccess) return;
    const timer = setTimeout(() => navigate(paths.dashboard.getHref()), 2000);
    return () => clearTimeout(timer);
  }, [accept.isSuccess, navigate]);

  if (info.isPending) return <Spinner label="Checking your invitation..." showLabel />;
  if (info.error) return <Alert>{INVALID}</Alert>;
  const { firstName, lastName, email, agentName } = info.data;

  const run = (switchAgent: boolean) =>
    accept.mutate(
      { switchAgent },
      {
        onSuccess: () =>
          toast({ title: "Invitation Accepted", description: `${agentName} is now your agent.`, variant: "success" }),
        onError: (error) => setAskSwitch(parseApiError(error).message.startsWith(SWITCH_PREFIX)),
      },
    );
  const failure = accept.error && !askSwitch ? acceptFailure(accept.error) : null;

  return (
    <div className="grid gap-4 text-sm">
      <p className="text-base">
        Hello {[firstName, lastName].filter(Boolean).join(" ") || email}. <strong>{agentName}</strong> invites you to
        plan your digital legacy with Heirloom.
      </p>
      <p className="text-muted-foreground">
        Invitation for {email}. Your agent sees your name, e-mail and plan, never your estate.
      </p>
      {accept.isSuccess ? (
        <p role="status" className="font-semibold">
          Invitation accepted. Taking you to your dashboard...
        </p>
      ) : user === null ? (
        <p role="status">Please sign in or create an account with {email} to accept. Taking you to sign in...</p>
      ) : askSwitch ? (
        <div className="grid gap-2">
          <p role="alert">You already have an agent. Do you want {agentName} to replace them?</p>
          <Button disabled={accept.isPending} onClick={() => run(true)}>
            Switch to {agentName}
          </Button>
        </div>
      ) : (
        <>
          {failure ? <Alert>{failure}</Alert> : null}
          <Button size="lg" className="w-full" disabled={accept.isPending} onClick={() => run(false)}>
            {accept.isPending ? "Accepting..." : "Accept Invitation"}
          </Button>
        </>
      )}
    </div>
  );
}

function acceptFailure(error: unknown): string {
  const { status, message } = parseApiError(error);
  if (status === 404 || status === 409) return INVALID;
  if (status === 403) return message;
  return AGENT_MESSAGES.acceptFailed;
}
