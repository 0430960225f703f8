import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { TestModeAnswer } from "@/components/test-mode-answer";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-field";
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
          <TestModeAnswer
            title="Test mode — approve on this screen"
            note="No money moves: these buttons stand for the payer's phone."
            accept={{ answer: "approve", label: "Approve" }}
            decline="decline"
            onAnswer={(a) => answer.mutate(a)}
            isPending={answer.isPending}
            error={answer.error}
          />
        ) : null}
        {hasFailed ? <FormError message={payment.failureReason ?? failureFallback} /> : null}
        {children?.(payment)}
      </CardContent>
    </Card>
  );
}
