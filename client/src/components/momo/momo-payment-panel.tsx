import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-field";
import { describeFailure } from "@/lib/describe-failure";
import { formatMoney } from "@/lib/format";
import { useAnswerTestPayment, useMomoPayment, type MomoPaymentView } from "@/lib/momo-payment";

type Props = {
  payment: MomoPaymentView;
  /** Shown when the payment failed or expired and the provider gave no reason. */
  failureFallback: string;
  /** What the purchase shows below the payment (codes, a done button), given the payment as it is now. */
  children?: (payment: MomoPaymentView) => ReactNode;
  title?: string;
};

/**
 * A mobile-money payment as its payer follows it (gift cards, plans, storage): amount in cedis, network and the
 * masked number, the status (polled until settled), and in test mode the "Test mode — approve on this screen" step
 * that stands for the payer's phone.
 */
export function MomoPaymentPanel({ payment: first, failureFallback, children, title = "Payment" }: Props) {
  const payment = useMomoPayment(first).data;
  const answer = useAnswerTestPayment(first.reference);
  const isPaid = payment.status === "successful";
  const hasFailed = payment.status === "failed" || payment.status === "expired";
  const currency = payment.currency === "GHS" ? "GHS" : "USD";

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Amount</dt>
          <dd data-testid="momo-amount">{formatMoney(Number(payment.amount), { currency })}</dd>
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
        {hasFailed ? <FormError message={payment.failureReason ?? failureFallback} /> : null}
        {children?.(payment)}
      </CardContent>
    </Card>
  );
}
