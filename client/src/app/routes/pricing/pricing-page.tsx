import { PLANS, normalizePlanId, type PlanId } from "@shared/plans";
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

  function choosePlan(planId: PlanId) {
    const isUpgrade = currentPlan === undefined || PLANS[planId].priceUSD > PLANS[currentPlan].priceUSD;
    upgrade.mutate(
      { planId },
      {
        onSuccess: (result) =>
          notices.onResult(result, isUpgrade ? "Plan upgraded successfully!" : "Plan changed successfully!"),
        onError: (error) => notices.onError(error, "Failed to upgrade plan."),
      },
    );
  }

  function buyStorage(storageGB: number) {
    purchase.mutate(
      { storageGB },
      {
        onSuccess: (result) => notices.onResult(result, "Additional storage purchased successfully!"),
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

        <section aria-labelledby="plans-heading" className="grid gap-4">
          <h2 id="plans-heading" className="text-2xl font-bold tracking-tight">
            Choose your plan
          </h2>
          <PlanGrid
            currentPlan={currentPlan}
            pendingPlan={upgrade.isPending ? upgrade.variables?.planId : undefined}
            onChoose={choosePlan}
            isAgent={user?.userType === "agent"}
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
      </div>
    </PublicLayout>
  );
}
