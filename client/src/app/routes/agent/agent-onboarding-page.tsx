import { Link } from "wouter";
import { PublicLayout } from "@/components/layouts/public-layout";
import { Card, CardContent } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { OnboardingWizard } from "@/features/agents/components/onboarding-wizard";
import { useAuth } from "@/lib/auth";

/**
 * /agent-onboarding, public (spec 001 §2). A signed-out visitor creates their agent account inside the wizard; a
 * client who picked the Agent card becomes an agent by completing it. Anyone else is told how to get here.
 */
export function AgentOnboardingPage() {
  const { user } = useAuth();
  const mayOnboard = user === null || user.userType === "agent" || user.roleChoice === "agent";
  return (
    <PublicLayout>
      <div className="grid gap-6">
        <title>Become an Agent · Heirloom</title>
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Become an Agent</h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            Legal and financial professionals can offer Heirloom to their clients and earn commission.
          </p>
        </div>
        <Card>
          <CardContent className="pt-6">
            {mayOnboard ? (
              <OnboardingWizard signedIn={user !== null} />
            ) : (
              <p className="text-sm">
                Your account is a client account. Choose Agent on the{" "}
                <Link href={paths.onboarding.getHref()}>role selection screen</Link> first.
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  );
}
