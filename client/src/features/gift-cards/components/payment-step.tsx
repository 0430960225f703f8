import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { GIFT_CARD_MESSAGES } from "@shared/validators/gift-cards";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-field";
import { toast } from "@/hooks/use-toast";
import { describeFailure } from "@/lib/describe-failure";
import { useAnswerTestPayment, useMomoPayment, usePaidPurchase } from "@/features/gift-cards/api/gift-card-api";
import { giftCardKeys } from "@/features/gift-cards/api/gift-card-keys";
import type { GiftCardPurchaseDto, MomoPaymentDto } from "@/features/gift-cards/api/gift-card-types";
import { IssuedCodes } from "@/features/gift-cards/components/issued-codes";

type Props = { purchase: GiftCardPurchaseDto; payment: MomoPaymentDto; onDone: () => void };

/** The order's payment: the payer approves on their phone (or here, in test mode); then the codes, once. */
export function PaymentStep({ purchase, payment: first, onDone }: Props) {
  const queryClient = useQueryClient();
  const payment = useMomoPayment(first).data;
  const answer = useAnswerTestPayment(first.reference);
  const isPaid = payment.status === "successful";
  const paid = usePaidPurchase(purchase.id, isPaid);
  const hasFailed = payment.status === "failed" || payment.status === "expired";

  useEffect(() => {
    if (isPaid) {
      toast({ title: GIFT_CARD_MESSAGES.successTitle, description: GIFT_CARD_MESSAGES.success, variant: "success" });
      void queryClient.invalidateQueries({ queryKey: giftCardKeys.all() });
    }
    if (hasFailed) {
      toast({
        title: GIFT_CARD_MESSAGES.failureTitle,
        description: GIFT_CARD_MESSAGES.failure,
        variant: "destructive",
      });
    }
  }, [isPaid, hasFailed, queryClient]);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Payment</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Amount</dt>
          <dd>
            {payment.currency} {payment.amount}
          </dd>
          <dt className="text-muted-foreground">Network</dt>
          <dd>
            {payment.network} · {payment.phone}
          </dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            <Badge variant={isPaid ? "success" : hasFailed ? "destructive" : "secondary"}>{payment.status}</Badge>
          </dd>
        </dl>
        {payment.status === "pending" ? (
          <p role="status" className="text-sm">
            Approve the payment on the phone {payment.phone}; this page updates on its own.
          </p>
        ) : null}
        {payment.status === "pending" && payment.testMode ? (
          <section aria-label="Test mode" className="grid gap-3 rounded-md border-2 border-dashed border-accent p-4">
            <h3 className="font-semibold">Test mode — approve on this screen</h3>
            <p className="text-sm text-muted-foreground">
              No money moves: these buttons stand for the payer&apos;s phone.
            </p>
            <div className="flex gap-2">
              <Button disabled={answer.isPending} onClick={() => answer.mutate("approve")}>
                Approve
              </Button>
              <Button variant="outline" disabled={answer.isPending} onClick={() => answer.mutate("decline")}>
                Decline
              </Button>
            </div>
            <FormError message={answer.error ? describeFailure(answer.error) : undefined} />
          </section>
        ) : null}
        {hasFailed ? (
          <FormError message={payment.failureReason ?? "The payment did not go through. No cards were issued."} />
        ) : null}
        {isPaid && paid.data?.cards ? <IssuedCodes cards={paid.data.cards} /> : null}
        {isPaid && paid.isError ? <FormError message={describeFailure(paid.error)} /> : null}
        {isPaid || hasFailed ? (
          <Button variant="outline" onClick={onDone}>
            {isPaid ? "Buy more gift cards" : "Try again"}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
