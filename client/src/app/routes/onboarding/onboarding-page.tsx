import { useLocation } from "wouter";
import { usePendingInvitationRedirect } from "@/features/agents/api/agent-invitation";
import { PublicLayout } from "@/components/layouts/public-layout";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth";
import { RoleChoiceCards } from "@/features/onboarding/components/role-choice-cards";

/**
 * Role selection (spec 001 §2): a new client lands here once, after signing up; clients come back from settings to
 * pick another role. Agents and admins never see it: the router sends them to their own home.
 */
export function OnboardingPage() {
  const { user, logoutMutation } = useAuth();
  const [, navigate] = useLocation();
  usePendingInvitationRedirect(navigate);
  return (
    <PublicLayout>
      <title>Choose Your Role · Heirloom</title>
      <div className="grid gap-8">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-3xl font-bold tracking-tight">Choose Your Role</h1>
          <p className="mt-2 text-muted-foreground">
            Tell us how you will use Heirloom. You can change your role later in account settings.
          </p>
        </div>
        <RoleChoiceCards />
        {user ? (
          <p className="text-center text-sm text-muted-foreground">
            Signed in as {user.email}.{" "}
            <Button
              variant="link"
              className="h-auto p-0"
              disabled={logoutMutation.isPending}
              onClick={() => logoutMutation.mutate()}
            >
              Sign out
            </Button>
          </p>
        ) : null}
      </div>
    </PublicLayout>
  );
}
