import { Link } from "wouter";
import { PagePlaceholder } from "@/components/page-placeholder";
import { PublicLayout } from "@/components/layouts/public-layout";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";

/** Spec 001 §2: the agent onboarding's three steps, named as the form will name them (issue 17 builds the form). */
const STEPS = [
  { title: "Business Information", text: "Your business name, license number, business address, phone and website." },
  {
    title: "Practice Areas & Specializations",
    text: "The areas you practise, such as estate planning or tax law, and the estates you specialise in.",
  },
  {
    title: "Terms & Commission",
    text: "Agree to the agent terms and choose your commission rate: 5 to 20 %, 10 % unless you change it.",
  },
] as const;

/**
 * /agent-onboarding, public (spec 001 §2). Until the agent features land, it says what the onboarding will ask and
 * what follows it, and nothing more: no form that cannot be sent, no figures that are not real.
 */
export function AgentOnboardingPage() {
  const { user } = useAuth();
  const hasChosenAgent = user?.roleChoice === "agent" && user.userType === "client";
  return (
    <PublicLayout>
      <PagePlaceholder
        title="Become an Agent"
        description="Legal and financial professionals can offer Heirloom to their clients and earn commission."
      >
        {hasChosenAgent ? (
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Your choice is saved</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 text-sm text-muted-foreground">
              <p>
                We have noted that you want to work with Heirloom as an agent. Once agent onboarding opens, you can
                complete it from this page. Until then your account works as a client account.
              </p>
              <Button asChild className="w-fit">
                <Link href={paths.dashboard.getHref()}>Go to Dashboard</Link>
              </Button>
            </CardContent>
          </Card>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>What agent onboarding asks</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <ol className="grid gap-3">
              {STEPS.map((step, index) => (
                <li key={step.title} className="flex gap-3">
                  <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="font-medium">{step.title}</h3>
                    <p className="text-sm text-muted-foreground">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
            <p className="text-sm text-muted-foreground">
              After that, an administrator verifies your business; until then its status shows as Pending. Commission is
              paid out automatically through our card payment provider on the 1st of each month.
            </p>
          </CardContent>
        </Card>
      </PagePlaceholder>
    </PublicLayout>
  );
}
