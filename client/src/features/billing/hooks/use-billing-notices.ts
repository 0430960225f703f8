import { useLocation } from "wouter";
import type { BillingChange } from "@/features/billing/api/billing-change";
import { paths } from "@/config/paths";
import { toast } from "@/hooks/use-toast";
import { isUnauthorizedError, parseApiError } from "@/lib/api-client";

/** Spec 000 §9: the pause between the Unauthorized notice and the move to /auth. */
const UNAUTHORIZED_DELAY_MS = 500;

/** The notices of spec 000 §8 for billing changes, and the redirect to Stripe Checkout. */
export function useBillingNotices() {
  const [, navigate] = useLocation();
  return {
    onResult(result: BillingChange, successTitle: string) {
      // a mobile-money payment is followed on its own panel
      if ("payment" in result) return;
      if ("checkoutUrl" in result) {
        window.location.assign(result.checkoutUrl);
        return;
      }
      if (result.applied) toast({ title: successTitle, variant: "success" });
      else toast({ title: "Subscription updated", description: result.message });
    },
    onError(error: Error, failureTitle: string) {
      if (isUnauthorizedError(error)) {
        toast({
          title: "Unauthorized",
          description: "You are logged out. Logging in again...",
          variant: "destructive",
        });
        setTimeout(() => navigate(paths.auth.getHref()), UNAUTHORIZED_DELAY_MS);
        return;
      }
      const { message } = parseApiError(error);
      toast({ title: failureTitle, description: message || undefined, variant: "destructive" });
    },
  };
}
