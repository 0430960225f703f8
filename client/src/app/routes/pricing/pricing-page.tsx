import { useState } from "react";
import { PLANS, normalizePlanId, type PlanId } from "@shared/plans";
import type { MomoPaymentDto } from "@shared/api-types";
import { PublicLayout } from "@/components/layouts/public-layout";
import { useCancelSubscription } from "@/features/billing/api/cancel-subscription";
import { useUsage } from "@/features/billing/api/get-usage";
import { usePurchaseStorage } from "@/features/billing/api/purchase-storage";
import { useUpgradePlan } from "@/features/billing/api/upgrade-plan";
import { CheckoutReturnNotice } from "@/features/billing/components/checkout-return-notice";
import { ManageSubscription } from "@/features/billing/components/manage-subscription";
import { PlanGrid } from "@/features/billing/components/plan-grid";
import { StorageSection } from "@/features/billing/components/storage-section";
import { TestModeBanner } from "@/features/billing/components/test-mode-banner";
import { AccountCreditCard } from "@/features/billing/components/account-credit-card";
import { BillingPaymentStep } from "@/features/billing/components/billing-payment-step";
import {
  DEFAULT_PAYMENT_CHOICE,
  PaymentChoice,
  paymentFieldsOf,
  type PaymentChoiceValue,
} from "@/features/billing/components/payment-choice";
import { useAccountCreditPage } from "@/features/billing/api/get-account-credit";
import { Card, CardContent } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { useBillingNotices } from "@/features/billing/hooks/use-billing-notices";
import { useAuth } from "@/lib/auth";

/** Serves both /pricing and /pricing-tiers (spec 000 §2); public, with the account parts for signed-in users. */
export function PricingPage() {
  const { user } = useAuth();
  const isSignedIn = user !== null;
  const usage = useUsage({ enabled: isSignedIn });
  const upgrade = useUpgradePlan();
  const purchase = usePurchaseStorage();
  const cancel = useCancelSubscription();
  const notices = useBillingNotices();
  const currentPlan: PlanId | undefined = user ? (usage.data?.plan ?? normalizePlanId(user.plan)) : undefined;
  const [choice, setChoice] = useState<PaymentChoiceValue>(DEFAULT_PAYMENT_CHOICE);
  const [showPaymentErrors, setShowPaymentErrors] = useState(false);
  const [momo, setMomo] = useState<{ payment: MomoPaymentDto; item: string; successTitle: string } | null>(null);
  const credit = useAccountCreditPage({ limit: 5, offset: 0 }, { enabled: isSignedIn });

  /** The payment fields for the chosen method, or null (and the number's error shown) when they are not valid. */
  function paymentFields() {
    const checked = paymentFieldsOf(choice);
    if ("error" in checked) {
      setShowPaymentErrors(true);
      toast({ title: "Check the payment details", description: checked.error, variant: "destructive" });
      return null;
    }
    return checked.fields;
  }

  function choosePlan(planId: PlanId) {
    const isUpgrade = currentPlan === undefined || PLANS[planId].priceUSD > PLANS[currentPlan].priceUSD;
    const fields = paymentFields();
    if (!fields) return;
    const successTitle =
      planId === currentPlan
        ? "Plan renewed successfully!"
        : isUpgrade
          ? "Plan upgraded successfully!"
          : "Plan changed successfully!";
    upgrade.mutate(
      { planId, ...fields },
      {
        onSuccess: (result) => {
          if ("payment" in result)
            setMomo({ payment: result.payment, item: `${PLANS[planId].name} plan`, successTitle });
          notices.onResult(result, successTitle);
        },
        onError: (error) => notices.onError(error, "Failed to upgrade plan."),
      },
    );
  }

  function buyStorage(storageGB: number) {
    const fields = paymentFields();
    if (!fields) return;
    const successTitle = "Additional storage purchased successfully!";
    purchase.mutate(
      { storageGB, ...fields },
      {
        onSuccess: (result) => {
          if ("payment" in result)
            setMomo({ payment: result.payment, item: `${storageGB} GB of storage`, successTitle });
          notices.onResult(result, successTitle);
        },
        onError: (error) => notices.onError(error, "Failed to purchase additional storage."),
      },
    );
  }

  function cancelPlan(done: () => void) {
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        done();
        notices.onResult(result, "Subscription cancelled");
      },
      onError: (error) => notices.onError(error, "Failed to cancel subscription."),
    });
  }

  return (
    <PublicLayout>
      <div className="grid gap-12">
        <title>Plans & Pricing · Heirloom</title>
        <div className="grid gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight">Plans & Pricing</h1>
            <p className="mt-2 max-w-2xl text-muted-foreground">
              Start free and upgrade when your plan grows. Every plan is billed monthly and can be cancelled at the end
              of a period.
            </p>
          </div>
          {usage.data?.testMode ? <TestModeBanner /> : null}
          <CheckoutReturnNotice />
        </div>

        {isSignedIn ? (
          <section aria-label="Payment" className="grid gap-4">
            <Card>
              <CardContent className="pt-6">
                <PaymentChoice
                  value={choice}
                  onChange={setChoice}
                  creditBalance={credit.data?.balance.amount}
                  showErrors={showPaymentErrors}
                  disabled={upgrade.isPending || purchase.isPending}
                />
              </CardContent>
            </Card>
            {momo ? (
              <BillingPaymentStep
                key={momo.payment.reference}
                payment={momo.payment}
                item={momo.item}
                successTitle={momo.successTitle}
                onDone={() => setMomo(null)}
              />
            ) : null}
          </section>
        ) : null}

        <section aria-labelledby="plans-heading" className="grid gap-4">
          <h2 id="plans-heading" className="text-2xl font-bold tracking-tight">
            Choose your plan
          </h2>
          <PlanGrid
            currentPlan={currentPlan}
            pendingPlan={upgrade.isPending ? upgrade.variables?.planId : undefined}
            onChoose={choosePlan}
            isAgent={user?.userType === "agent"}
            canPayNextPeriod={
              usage.data?.cancelAtPeriodEnd === true &&
              (choice.method === "mobile_money" || Number(credit.data?.balance.amount ?? 0) > 0)
            }
          />
        </section>

        <StorageSection
          usage={isSignedIn ? usage : undefined}
          isPurchasing={purchase.isPending}
          onPurchase={buyStorage}
        />

        {isSignedIn && usage.data ? (
          <ManageSubscription usage={usage.data} isCancelling={cancel.isPending} onCancel={cancelPlan} />
        ) : null}

        {isSignedIn ? <AccountCreditCard /> : null}
      </div>
    </PublicLayout>
  );
}
