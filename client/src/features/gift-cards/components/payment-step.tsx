import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { GIFT_CARD_MESSAGES } from "@shared/validators/gift-cards";
import { MomoPaymentPanel } from "@/components/momo/momo-payment-panel";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-field";
import { toast } from "@/hooks/use-toast";
import { describeFailure } from "@/lib/describe-failure";
import { useMomoPayment } from "@/lib/momo-payment";
import { usePaidPurchase } from "@/features/gift-cards/api/gift-card-api";
import { giftCardKeys } from "@/features/gift-cards/api/gift-card-keys";
import type { GiftCardPurchaseDto, MomoPaymentDto } from "@/features/gift-cards/api/gift-card-types";
import { IssuedCodes } from "@/features/gift-cards/components/issued-codes";

type Props = { purchase: GiftCardPurchaseDto; payment: MomoPaymentDto; onDone: () => void };

/** The order's payment: the payer approves on their phone (or here, in test mode); then the codes, once. */
export function PaymentStep({ purchase, payment: first, onDone }: Props) {
  const queryClient = useQueryClient();
  const payment = useMomoPayment(first).data;
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
    <MomoPaymentPanel payment={first} failureFallback="The payment did not go through. No cards were issued.">
      {() => (
        <>
          {isPaid && paid.data?.cards ? <IssuedCodes cards={paid.data.cards} /> : null}
          {isPaid && paid.isError ? <FormError message={describeFailure(paid.error)} /> : null}
          {isPaid || hasFailed ? (
            <Button variant="outline" onClick={onDone}>
              {isPaid ? "Buy more gift cards" : "Try again"}
            </Button>
          ) : null}
        </>
      )}
    </MomoPaymentPanel>
  );
}
