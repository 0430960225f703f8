import type { ReactNode } from "react";
import { Check } from "lucide-react";
import type { Plan } from "@shared/plans";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";

/**
 * One plan from shared/plans.ts; the caller supplies the action (a link or an upgrade button). `showCedis` adds the
 * published cedi price (decision 017) under the USD one, for payers in Ghana.
 */
export function PlanCard({ plan, action, showCedis = false }: { plan: Plan; action: ReactNode; showCedis?: boolean }) {
  return (
    <Card
      className={cn(
        "relative flex w-full flex-col p-6",
        plan.isMostPopular && "border-2 border-primary shadow-lg lg:-mt-4 lg:mb-4",
      )}
    >
      {plan.isMostPopular ? (
        <Badge variant="accent" className="absolute -top-3 left-1/2 -translate-x-1/2">
          Most Popular
        </Badge>
      ) : null}
      <h3 className="text-lg font-semibold">{plan.name}</h3>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">{formatMoney(plan.priceUSD, { dropZeroCents: true })}</span>
        <span className="text-sm text-muted-foreground">/month</span>
      </p>
      {showCedis && plan.priceGHSMinor > 0 ? (
        <p className="text-sm font-medium" data-testid={`plan-ghs-${plan.id}`}>
          {formatMoney(plan.priceGHSMinor / 100, { currency: "GHS" })}/month in Ghana
        </p>
      ) : null}
      <p className="mt-1 text-sm text-muted-foreground">{plan.storageLabel} secure storage</p>
      <ul className="mt-6 grid flex-1 content-start gap-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </Card>
  );
}
