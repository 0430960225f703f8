import { useState } from "react";
import type { CardPaymentDto, GiftCardPurchaseDto, MomoPaymentDto } from "@/features/gift-cards/api/gift-card-types";
import { CardPaymentStep } from "@/features/gift-cards/components/card-payment-step";
import { CardReturnStep } from "@/features/gift-cards/components/card-return-step";
import { PaymentStep } from "@/features/gift-cards/components/payment-step";
import { PurchaseForm } from "@/features/gift-cards/components/purchase-form";

type Order = { purchase: GiftCardPurchaseDto; payment: MomoPaymentDto | CardPaymentDto };
/** An order the buyer comes back to from Stripe's Checkout page (`?purchase=<id>&checkout=success|cancelled`). */
export type CheckoutReturn = { purchaseId: number; cancelled: boolean };

type Props = {
  returned?: CheckoutReturn | null;
  /** Leaves Stripe's return (the page drops its query) once the buyer starts over. */
  onReturnDone?: () => void;
  /** Where a card order goes to pay with Stripe (the browser leaves the app). */
  goToCheckout?: (url: string) => void;
};

/**
 * The purchase form, then the order's payment step until the buyer starts another order: mobile money's approval,
 * test mode's card step, or — with Stripe — the Checkout page and, back from it, the order as the webhook settled it.
 */
export function GiftCardShop({
  returned = null,
  onReturnDone,
  goToCheckout = (url) => window.location.assign(url),
}: Props) {
  const [order, setOrder] = useState<Order | null>(null);
  if (returned && !order) {
    return (
      <CardReturnStep
        key={returned.purchaseId}
        purchaseId={returned.purchaseId}
        cancelled={returned.cancelled}
        onDone={() => onReturnDone?.()}
      />
    );
  }
  if (order) {
    const { purchase, payment } = order;
    return "method" in payment ? (
      <CardPaymentStep purchase={purchase} payment={payment} onDone={() => setOrder(null)} />
    ) : (
      <PaymentStep purchase={purchase} payment={payment} onDone={() => setOrder(null)} />
    );
  }
  return (
    <PurchaseForm
      onPurchased={(next) => {
        if ("method" in next.payment && next.payment.checkoutUrl) goToCheckout(next.payment.checkoutUrl);
        else setOrder(next);
      }}
    />
  );
}
