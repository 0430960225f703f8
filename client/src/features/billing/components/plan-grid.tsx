import { Link } from "wouter";
import { Check } from "lucide-react";
import { AGENT_PLAN_IDS, PLAN_LIST, PLANS, type Plan, type PlanId } from "@shared/plans";
import { PlanCard } from "@/components/plan-card";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

type PlanGridProps = {
  /** The signed-in user's plan; undefined for visitors, who are sent to sign in. */
  currentPlan: PlanId | undefined;
  pendingPlan: PlanId | undefined;
  onChoose: (planId: PlanId) => void;
  /** An agent account: only Professional (the agent dashboard) and Freemium are theirs to choose. */
  isAgent?: boolean;
  /** The current plan's period ends unless paid again (paid in cedis): its card offers the next month. */
  canPayNextPeriod?: boolean;
};

function actionLabel(plan: Plan, current: PlanId): string {
  if (plan.id === "professional") return plan.ctaLabel;
  if (plan.priceUSD > PLANS[current].priceUSD) return `Upgrade to ${plan.name}`;
  return `Switch to ${plan.name}`;
}

function PlanAction(props: PlanGridProps & { plan: Plan }) {
  const { plan, currentPlan, pendingPlan, onChoose, isAgent } = props;
  const variant = plan.isMostPopular ? "default" : "outline";
  if (!currentPlan) {
    return (
      <Button asChild className="w-full" variant={variant}>
        <Link href={paths.auth.getHref()}>
          {plan.id === "professional" ? plan.ctaLabel : `Sign in to choose ${plan.name}`}
        </Link>
      </Button>
    );
  }
  if (plan.id === currentPlan && props.canPayNextPeriod && plan.priceUSD > 0) {
    return (
      <Button
        className="w-full"
        variant="secondary"
        disabled={pendingPlan !== undefined}
        onClick={() => onChoose(plan.id)}
      >
        <Check aria-hidden="true" />
        {pendingPlan === plan.id ? "Processing..." : "Current Plan · pay next month"}
      </Button>
    );
  }
  if (plan.id === currentPlan) {
    return (
      <Button className="w-full" variant="secondary" disabled>
        <Check aria-hidden="true" />
        Current Plan
      </Button>
    );
  }
  if (isAgent && !AGENT_PLAN_IDS.includes(plan.id)) {
    return (
      <Button className="w-full" variant="outline" disabled>
        For client accounts
      </Button>
    );
  }
  const isPending = pendingPlan === plan.id;
  return (
    <Button className="w-full" variant={variant} disabled={pendingPlan !== undefined} onClick={() => onChoose(plan.id)}>
      {isPending ? "Processing..." : actionLabel(plan, currentPlan)}
    </Button>
  );
}

/** Spec 000 §2/§9: the four plans; the current one marked and its button disabled. */
export function PlanGrid(props: PlanGridProps) {
  return (
    <ul className="grid gap-6 pt-4 sm:grid-cols-2 lg:grid-cols-4">
      {PLAN_LIST.map((plan) => (
        <li key={plan.id} className="flex" aria-current={plan.id === props.currentPlan ? "true" : undefined}>
          <PlanCard plan={plan} showCedis action={<PlanAction {...props} plan={plan} />} />
        </li>
      ))}
    </ul>
  );
}
