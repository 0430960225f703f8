import { useState } from "react";
import { Link } from "wouter";
import { can, PLANS } from "@shared/plans";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { useAgentProfile } from "@/features/agents/api/agent-dashboard";
import { EarningsByMonth, RecentEarnings } from "@/features/agents/components/agent-earnings";
import { ClientsList, RecentInvitations } from "@/features/agents/components/agent-lists";
import { AgentStats } from "@/features/agents/components/agent-stats";
import { CreateProfileDialog } from "@/features/agents/components/create-profile-dialog";
import { InviteClientDialog } from "@/features/agents/components/invite-client-dialog";
import { useAuth } from "@/lib/auth";

/**
 * Inviting clients is the Professional plan's `agent_dashboard` feature (docs/decisions/014-agents.md): without it
 * the dashboard says so and leads to the pricing page, whose Professional button takes the plan.
 */
function ProfessionalNotice() {
  return (
    <Card role="region" aria-label="Professional plan needed">
      <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
        <p className="text-sm">
          Inviting clients, multi-client management and commission tracking come with the {PLANS.professional.name} plan
          (${PLANS.professional.priceUSD}/month). Your profile, status and earnings stay visible here.
        </p>
        <Button asChild variant="outline">
          <Link href={paths.pricing.getHref()}>Get {PLANS.professional.name}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Spec 001 §2 agent dashboard (its header comes from the agent area, app/routes/roles/role-areas.tsx). */
export function AgentDashboardPage() {
  const profile = useAgentProfile();
  const { user } = useAuth();
  const entitled = user ? can({ plan: user.plan }, "agent_dashboard") : false;
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
            entitled ? (
              <Button onClick={() => setDialog("invite")}>Invite Client</Button>
            ) : null
          ) : (
            <Button onClick={() => setDialog("profile")}>Create Agent Profile</Button>
          )
        ) : null}
      </div>
      {user && !entitled ? <ProfessionalNotice /> : null}
      <AgentStats />
      <div className="grid gap-6 lg:grid-cols-2">
        <ClientsList />
        <RecentInvitations />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <EarningsByMonth />
        <RecentEarnings />
      </div>
      <CreateProfileDialog open={dialog === "profile"} onOpenChange={(open) => setDialog(open ? "profile" : null)} />
      <InviteClientDialog open={dialog === "invite"} onOpenChange={(open) => setDialog(open ? "invite" : null)} />
    </div>
  );
}
