import { Link } from "wouter";
import { ArrowRight } from "lucide-react";
import { PLAN_LIST } from "@shared/plans";
import { PlanCard } from "@/components/plan-card";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

/** Spec 000 §2/§9: the four plans and View Detailed Pricing. */
export function PricingSection() {
  return (
    <section aria-labelledby="pricing-heading" className="border-y border-border bg-muted/60">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="pricing-heading" className="text-3xl font-bold tracking-tight">
            Simple, transparent pricing
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Start free and upgrade when your plan grows. Extra storage is available on every plan.
          </p>
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PLAN_LIST.map((plan) => (
            <li key={plan.id} className="flex">
              <PlanCard
                plan={plan}
                action={
                  <Button asChild className="w-full" variant={plan.isMostPopular ? "default" : "outline"}>
                    <Link href={paths.auth.getHref()}>
                      {plan.priceUSD === 0 ? "Start for free" : `Choose ${plan.name}`}
                    </Link>
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
        <div className="mt-12 text-center">
          <Button asChild size="lg" variant="outline">
            <Link href={paths.pricing.getHref()}>
              View Detailed Pricing
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
