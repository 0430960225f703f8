import { useEffect } from "react";
import { GIFT_CARD_MESSAGES } from "@shared/validators/gift-cards";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { describeFailure } from "@/lib/describe-failure";
import { usePurchaseUntilSettled } from "@/features/gift-cards/api/gift-card-api";
import { IssuedCodes } from "@/features/gift-cards/components/issued-codes";

type Props = { purchaseId: number; cancelled: boolean; onDone: () => void };

/**
 * Back from Stripe's Checkout page: the order is read until Stripe's signed webhook has settled it; the answer that
 * first says paid carries the codes, shown this once. Coming back is not proof of payment: only the webhook is.
 */
export function CardReturnStep({ purchaseId, cancelled, onDone }: Props) {
  const order = usePurchaseUntilSettled(purchaseId);
  const status = order.data?.status;

  useEffect(() => {
    if (status === "paid") {
      toast({ title: GIFT_CARD_MESSAGES.successTitle, description: GIFT_CARD_MESSAGES.success, variant: "success" });
    }
  }, [status]);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Card payment</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {order.isPending ? <Spinner label="Checking your payment..." showLabel /> : null}
        {order.isError ? <FormError message={describeFailure(order.error)} /> : null}
        {status === "awaiting_payment" ? (
          cancelled ? (
            <p role="status" className="text-sm">
              The card payment was cancelled. No card was issued; you can start a new order.
            </p>
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm">
              <Spinner label="Waiting for the card payment" /> Waiting for the card payment to be confirmed; this page
              updates on its own.
            </p>
          )
        ) : null}
        {status === "failed" ? (
          <FormError message="The card payment did not go through. No cards were issued." />
        ) : null}
        {status === "paid" && order.data?.cards ? <IssuedCodes cards={order.data.cards} /> : null}
        {status === "paid" && !order.data?.cards ? (
          <p className="text-sm">
            This order is paid. Its codes were shown once already; the cards are in My Gift Cards.
          </p>
        ) : null}
        {status && (status !== "awaiting_payment" || cancelled) ? (
          <Button variant="outline" onClick={onDone}>
            {status === "paid" ? "Buy more gift cards" : "Start a new order"}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
