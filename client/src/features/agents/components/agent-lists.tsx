import type { AgentInvitationDto } from "@shared/api-types";
import { normalizePlanId, PLANS } from "@shared/plans";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { useAgentClients, useInvitationAction, useRecentInvitations } from "@/features/agents/api/agent-dashboard";
import { describeFailure } from "@/lib/describe-failure";
import { formatDate } from "@/lib/format";

/** Spec 001 §3: pending and accepted have their own look; any other status is shown as destructive. */
function StatusBadge({ status }: { status: AgentInvitationDto["status"] }) {
  const variant = status === "accepted" ? "success" : status === "pending" ? "secondary" : "destructive";
  return <Badge variant={variant}>{status}</Badge>;
}

/** My Clients: profile fields and plan only. */
export function ClientsList() {
  const clients = useAgentClients();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>My Clients</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {clients.isPending ? <p className="text-sm text-muted-foreground">Loading clients...</p> : null}
        {clients.error ? <p role="alert">Could not load your clients.</p> : null}
        {clients.data?.length === 0 ? <p className="text-sm text-muted-foreground">No clients yet</p> : null}
        <ul className="divide-y">
          {clients.data?.map((c) => (
            <li key={c.id} className="flex items-center justify-between py-2 text-sm">
              <span>
                <span className="font-medium">{[c.firstName, c.lastName].filter(Boolean).join(" ") || c.email}</span>
                <span className="block text-muted-foreground">{c.email}</span>
              </span>
              <Badge variant="outline">{PLANS[normalizePlanId(c.plan)].name}</Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Recent Invitations: the latest 5, with revoke and resend for pending ones. */
export function RecentInvitations() {
  const invitations = useRecentInvitations();
  const act = useInvitationAction();
  const run = (id: number, action: "revoke" | "resend") =>
    act.mutate(
      { id, action },
      {
        onSuccess: () =>
          toast({ title: action === "revoke" ? "Invitation Revoked" : "Invitation Sent", variant: "success" }),
        onError: (error) => toast({ title: "Error", description: describeFailure(error), variant: "destructive" }),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Recent Invitations</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {invitations.isPending ? <p className="text-sm text-muted-foreground">Loading invitations...</p> : null}
        {invitations.error ? <p role="alert">Could not load your invitations.</p> : null}
        {invitations.data?.length === 0 ? <p className="text-sm text-muted-foreground">No invitations yet</p> : null}
        <ul className="divide-y">
          {invitations.data?.slice(0, 5).map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium">{[i.firstName, i.lastName].filter(Boolean).join(" ") || i.email}</span>
                <span className="block text-muted-foreground">
                  {i.email} · {formatDate(i.createdAt)}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <StatusBadge status={i.status} />
                {i.status === "pending" || i.status === "expired" ? (
                  <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => run(i.id, "resend")}>
                    Resend
                  </Button>
                ) : null}
                {i.status === "pending" ? (
                  <Button size="sm" variant="ghost" disabled={act.isPending} onClick={() => run(i.id, "revoke")}>
                    Revoke
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
