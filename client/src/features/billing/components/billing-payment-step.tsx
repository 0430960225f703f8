import { useEffect, useRef } from "react";
import type { MomoPaymentDto } from "@shared/api-types";
import { MomoPaymentPanel } from "@/components/momo/momo-payment-panel";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { useMomoPayment } from "@/lib/momo-payment";
import { refreshBilling } from "@/features/billing/api/billing-change";

type Props = {
  payment: MomoPaymentDto;
  /** What is being bought, e.g. "Basic Premium plan" or "12 GB of storage". */
  item: string;
  successTitle: string;
  onDone: () => void;
};

/**
 * A plan or storage paid by mobile money: the shared payment panel (with test mode's approve step); once the payment
 * is confirmed the plan, storage, history and credit are read again — the server granted them in that confirmation.
 */
export function BillingPaymentStep({ payment: first, item, successTitle, onDone }: Props) {
  const payment = useMomoPayment(first).data;
  const isPaid = payment.status === "successful";
  const hasFailed = payment.status === "failed" || payment.status === "expired";
  const box = useRef<HTMLDivElement>(null);

  // the purchase may have been started far down the page: bring the payer's next step into view
  useEffect(() => box.current?.scrollIntoView?.({ block: "center", behavior: "smooth" }), []);

  useEffect(() => {
    if (isPaid) {
      void refreshBilling();
      if (payment.creditedInstead)
        toast({
          title: "Added to your account credit",
          description: `${item} could not be completed: the GHS ${payment.amount} you paid was added to your account credit.`,
        });
      else toast({ title: successTitle, variant: "success" });
    }
    if (hasFailed)
      toast({ title: "Payment not completed", description: `${item}: nothing was charged.`, variant: "destructive" });
  }, [isPaid, hasFailed, successTitle, item, payment.creditedInstead, payment.amount]);

  return (
    <div ref={box}>
      <MomoPaymentPanel
        payment={first}
        title={`Pay by mobile money: ${item}`}
        failureFallback="The payment did not go through. Nothing was changed."
      >
        {() =>
          isPaid || hasFailed ? (
            <Button variant="outline" className="w-fit" onClick={onDone}>
              {isPaid ? "Done" : "Close"}
            </Button>
          ) : null
        }
      </MomoPaymentPanel>
    </div>
  );
}
