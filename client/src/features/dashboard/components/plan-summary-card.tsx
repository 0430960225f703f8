import { Link } from "wouter";
import { Crown } from "lucide-react";
import { PLANS, normalizePlanId } from "@shared/plans";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";
import { formatMoney } from "@/lib/format";

/**
 * Spec 000 §2 plan card: Free Plan, or the user's real paid plan and price. The next billing date is not
 * known to the client (no billing read yet), so none is shown rather than an invented "30 days ahead".
 */
export function PlanSummaryCard() {
  const { user } = useAuth();
  const plan = PLANS[normalizePlanId(user?.plan)];
  const isFree = plan.priceUSD === 0;

  return (
    <Card aria-labelledby="plan-summary-title" className={isFree ? undefined : "border-primary"}>
      <CardHeader>
        <CardTitle asChild>
          <h2 id="plan-summary-title" className="flex items-center gap-2">
            <Crown className="size-5 text-accent" aria-hidden="true" />
            {isFree ? "Free Plan" : `${plan.name} Plan`}
          </h2>
        </CardTitle>
        <CardDescription>
          {isFree ? (
            plan.features.join(" · ")
          ) : (
            <>
              <span className="text-2xl font-bold text-foreground">{formatMoney(plan.priceUSD)}</span>/mo
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant={isFree ? "accent" : "outline"} className="w-full">
          <Link href={paths.pricing.getHref()}>{isFree ? "Upgrade to Premium" : "Manage Subscription"}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
