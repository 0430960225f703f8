import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useAgentProfile } from "@/features/agents/api/agent-dashboard";
import { EarningsByMonth } from "@/features/agents/components/agent-earnings";
import { ClientsList, RecentInvitations } from "@/features/agents/components/agent-lists";
import { AgentStats } from "@/features/agents/components/agent-stats";
import { CreateProfileDialog } from "@/features/agents/components/create-profile-dialog";
import { InviteClientDialog } from "@/features/agents/components/invite-client-dialog";

/** Spec 001 §2 agent dashboard (its header comes from the agent area, app/routes/roles/role-areas.tsx). */
export function AgentDashboardPage() {
  const profile = useAgentProfile();
  const [dialog, setDialog] = useState<"profile" | "invite" | null>(null);
  const hasProfile = Boolean(profile.data);
  return (
    <div className="grid gap-6">
      <title>Agent Dashboard · Heirloom</title>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Agent Dashboard</h1>
          <p className="text-muted-foreground">
            {profile.data ? profile.data.businessName : "Invite clients and track the commission you earn."}
          </p>
        </div>
        {profile.isSuccess ? (
          hasProfile ? (
            <Button onClick={() => setDialog("invite")}>Invite Client</Button>
          ) : (
            <Button onClick={() => setDialog("profile")}>Create Agent Profile</Button>
          )
        ) : null}
      </div>
      <AgentStats />
      <div className="grid gap-6 lg:grid-cols-2">
        <ClientsList />
        <RecentInvitations />
      </div>
      <EarningsByMonth />
      <CreateProfileDialog open={dialog === "profile"} onOpenChange={(open) => setDialog(open ? "profile" : null)} />
      <InviteClientDialog open={dialog === "invite"} onOpenChange={(open) => setDialog(open ? "invite" : null)} />
    </div>
  );
}
