import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-field";
import { describeFailure } from "@/lib/describe-failure";

type Props<A extends string> = {
  /** "Test mode — approve on this screen", "Test mode — pay by card on this screen". */
  title: string;
  /** What the buttons stand for, so nobody mistakes the step for a real payment. */
  note: string;
  /** The positive answer and its label; the other button always declines. */
  accept: { answer: A; label: string };
  decline: A;
  onAnswer: (answer: A) => void;
  isPending: boolean;
  error: unknown;
};

/**
 * The test-mode step of a payment (mobile money without a provider, a card without Stripe): two buttons that stand
 * for the payer's answer, never shown when a real provider takes the payment.
 */
export function TestModeAnswer<A extends string>({
  title,
  note,
  accept,
  decline,
  onAnswer,
  isPending,
  error,
}: Props<A>) {
  return (
    <section aria-label="Test mode" className="grid gap-3 rounded-md border-2 border-dashed border-accent p-4">
      <h3 className="font-semibold">{title}</h3>
      <p className="text-sm text-muted-foreground">{note}</p>
      <div className="flex gap-2">
        <Button disabled={isPending} onClick={() => onAnswer(accept.answer)}>
          {accept.label}
        </Button>
        <Button variant="outline" disabled={isPending} onClick={() => onAnswer(decline)}>
          Decline
        </Button>
      </div>
      <FormError message={error ? describeFailure(error) : undefined} />
    </section>
  );
}
