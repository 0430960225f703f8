import { useEffect } from "react";
import { GIFT_CARD_MESSAGES } from "@shared/validators/gift-cards";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TestModeAnswer } from "@/components/test-mode-answer";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-field";
import { toast } from "@/hooks/use-toast";
import { describeFailure } from "@/lib/describe-failure";
import { useAnswerTestCard, usePaidPurchase } from "@/features/gift-cards/api/gift-card-api";
import type { CardPaymentDto, GiftCardPurchaseDto } from "@/features/gift-cards/api/gift-card-types";
import { IssuedCodes } from "@/features/gift-cards/components/issued-codes";

type Props = { purchase: GiftCardPurchaseDto; payment: CardPaymentDto; onDone: () => void };

/**
 * A card order in test mode (the server has no Stripe key): nothing is charged, and nothing is issued until the
 * buyer confirms here; then the codes, once.
 */
export function CardPaymentStep({ purchase, payment, onDone }: Props) {
  const answer = useAnswerTestCard(purchase.id);
  const status = answer.data?.status ?? purchase.status;
  const isPaid = status === "paid";
  const hasFailed = status === "failed";
  const paid = usePaidPurchase(purchase.id, isPaid);

  useEffect(() => {
    if (isPaid) {
      toast({ title: GIFT_CARD_MESSAGES.successTitle, description: GIFT_CARD_MESSAGES.success, variant: "success" });
    }
    if (hasFailed) {
      toast({
        title: GIFT_CARD_MESSAGES.failureTitle,
        description: GIFT_CARD_MESSAGES.failure,
        variant: "destructive",
      });
    }
  }, [isPaid, hasFailed]);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Card payment</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Amount</dt>
          <dd>
            {payment.currency} {payment.amount}
          </dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            <Badge variant={isPaid ? "success" : hasFailed ? "destructive" : "secondary"}>
              {isPaid ? "paid" : hasFailed ? "failed" : "pending"}
            </Badge>
          </dd>
        </dl>
        {status === "awaiting_payment" && payment.testMode ? (
          <TestModeAnswer
            title="Test mode — pay by card on this screen"
            note="No card is charged: confirming stands for a successful card payment. Nothing is issued until you confirm."
            accept={{ answer: "confirm", label: "Confirm card payment" }}
            decline="decline"
            onAnswer={(a) => answer.mutate(a)}
            isPending={answer.isPending}
            error={answer.error}
          />
        ) : null}
        {hasFailed ? <FormError message="The card payment did not go through. No cards were issued." /> : null}
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
