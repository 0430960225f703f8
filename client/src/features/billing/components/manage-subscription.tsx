import { useState } from "react";
import { TriangleAlert } from "lucide-react";
import { PLANS } from "@shared/plans";
import type { UsageDto } from "@shared/validators/billing";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatDate, formatMoney } from "@/lib/format";
import { BillingHistoryTable } from "@/features/billing/components/billing-history-table";

type ManageSubscriptionProps = {
  usage: UsageDto;
  isCancelling: boolean;
  onCancel: (done: () => void) => void;
};

/** Current plan, next billing date, cancel at period end (confirmed first), payment warning and history. */
export function ManageSubscription({ usage, isCancelling, onCancel }: ManageSubscriptionProps) {
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const plan = PLANS[usage.plan];
  const renewsAt = usage.planRenewsAt ? formatDate(usage.planRenewsAt, { inUtc: true }) : null;
  const isPaid = plan.priceUSD > 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Manage Subscription</h2>
        </CardTitle>
        <CardDescription>Your plan, the next billing date and everything you have bought.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {usage.paymentStatus === "past_due" ? (
          <p role="alert" className="flex gap-2 rounded-md border border-destructive p-3 text-sm text-destructive">
            <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
            Your last payment failed. Your plan stays active until the end of the period; update your payment details to
            keep it.
          </p>
        ) : null}
        <dl className="grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-muted-foreground">Current plan</dt>
            <dd className="mt-1 flex items-center gap-2 font-semibold">
              {plan.name}
              {isPaid ? (
                <span className="font-normal text-muted-foreground">{formatMoney(plan.priceUSD)}/mo</span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">
              {usage.cancelAtPeriodEnd ? "Ends on" : "Next billing date"}
            </dt>
            <dd className="mt-1 font-semibold">{renewsAt ?? "None"}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">Status</dt>
            <dd className="mt-1">
              {usage.cancelAtPeriodEnd ? (
                <Badge variant="outline">Cancels at period end</Badge>
              ) : (
                <Badge variant={usage.paymentStatus === "past_due" ? "destructive" : "success"}>
                  {usage.paymentStatus === "past_due" ? "Payment past due" : "Active"}
                </Badge>
              )}
            </dd>
          </div>
        </dl>
        {isPaid && !usage.cancelAtPeriodEnd ? (
          <Button variant="outline" className="w-fit" onClick={() => setIsConfirmOpen(true)}>
            Cancel subscription
          </Button>
        ) : null}
        <section aria-labelledby="billing-history-heading" className="grid gap-3">
          <h3 id="billing-history-heading" className="font-semibold">
            Billing history
          </h3>
          <BillingHistoryTable />
        </section>
      </CardContent>
      <ConfirmDialog
        open={isConfirmOpen}
        onOpenChange={setIsConfirmOpen}
        title="Cancel your subscription?"
        description={`${plan.name} stays active${renewsAt ? ` until ${renewsAt}` : ""}, then your account moves to Freemium (10 MB, 25 files, 3 beneficiaries).`}
        confirmLabel="Cancel at period end"
        cancelLabel="Keep my plan"
        isPending={isCancelling}
        onConfirm={() => onCancel(() => setIsConfirmOpen(false))}
      />
    </Card>
  );
}
