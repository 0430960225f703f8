import { BriefcaseBusiness, UserRound } from "lucide-react";
import { useLocation } from "wouter";
import type { SelfChosenRole } from "@shared/validators/onboarding";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { toast } from "@/hooks/use-toast";
import { useChooseRole } from "@/features/onboarding/api/choose-role";
import { describeFailure } from "@/lib/describe-failure";
import { RequestAdminCard } from "./request-admin-card";
import { RoleCard } from "./role-card";

/** Where each recorded choice leads: the agent onboarding (issue 17 builds its form) or the client's dashboard. */
const NEXT: Record<SelfChosenRole, string> = {
  agent: paths.agentOnboarding.getHref(),
  client: paths.dashboard.getHref(),
};

/** The role selection screen's cards, in the spec's order: Agent, Request Admin, Client (spec 001 §2). */
export function RoleChoiceCards() {
  const [, navigate] = useLocation();
  const chooseRole = useChooseRole();
  const choosing = chooseRole.isPending ? chooseRole.variables.role : undefined;

  const choose = (role: SelfChosenRole) =>
    chooseRole.mutate(
      { role },
      {
        onSuccess: () => navigate(NEXT[role]),
        onError: (error) =>
          toast({ title: "Failed to save your role", description: describeFailure(error), variant: "destructive" }),
      },
    );

  return (
    <div className="grid gap-6 md:grid-cols-3">
      <RoleCard
        icon={BriefcaseBusiness}
        title="Agent"
        description="For attorneys, brokers and financial advisors who bring clients to Heirloom."
        points={["Create your agent profile", "Invite clients and follow their progress", "Earn commission"]}
      >
        <Button className="w-full" variant="outline" disabled={chooseRole.isPending} onClick={() => choose("agent")}>
          {choosing === "agent" ? "Saving..." : "Continue as Agent"}
        </Button>
      </RoleCard>
      <RequestAdminCard disabled={chooseRole.isPending} />
      <RoleCard
        icon={UserRound}
        title="Client"
        description="Plan your own digital legacy."
        points={[
          "Record assets, accounts and a digital will",
          "Name beneficiaries and trusted parties",
          "Decide who receives what, and when",
        ]}
      >
        <Button className="w-full" disabled={chooseRole.isPending} onClick={() => choose("client")}>
          {choosing === "client" ? "Saving..." : "Continue as Client"}
        </Button>
      </RoleCard>
    </div>
  );
}
