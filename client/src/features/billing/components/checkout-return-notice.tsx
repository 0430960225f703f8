import { useState } from "react";
import { CircleCheck, CircleX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { refreshBilling } from "@/features/billing/api/billing-change";

type CheckoutReturn = "success" | "cancelled" | null;

function readCheckoutReturn(): CheckoutReturn {
  const value = new URLSearchParams(window.location.search).get("checkout");
  return value === "success" || value === "cancelled" ? value : null;
}

/**
 * After Stripe Checkout sends the browser back. The redirect itself changes nothing: the plan changes only when
 * Stripe's signed webhook arrives, so this only says so and offers to look again (no polling, spec 000 §7).
 */
export function CheckoutReturnNotice() {
  const [state] = useState(readCheckoutReturn);
  const [isChecking, setIsChecking] = useState(false);
  if (!state) return null;
  if (state === "cancelled") {
    return (
      <div role="status" className="flex items-center gap-3 rounded-lg border border-border bg-card px-4 py-3 text-sm">
        <CircleX className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        Checkout was cancelled. Nothing was charged.
      </div>
    );
  }
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-success bg-card px-4 py-3 text-sm"
    >
      <CircleCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
      <span className="flex-1">Payment received — your plan will update in a moment.</span>
      <Button
        size="sm"
        variant="outline"
        disabled={isChecking}
        onClick={() => {
          setIsChecking(true);
          void refreshBilling().finally(() => setIsChecking(false));
        }}
      >
        {isChecking ? "Checking..." : "Check again"}
      </Button>
    </div>
  );
}
