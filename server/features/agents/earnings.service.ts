import type { Tx } from "../../db";
import * as q from "./earnings.queries";

/** What a confirmed payment is, for the commission ledger: its kind and the id that makes it unique. */
export type ConfirmedPayment = { clientId: number; transactionType: string; transactionId: string; amount: string };

/**
 * Billing calls this inside the transaction that confirms a payment (test mode's purchase or the Stripe webhook's
 * pending → paid): a client linked to an agent earns that agent `amount × rate / 100` at this moment's rate, once.
 */
export async function recordClientPayment(tx: Tx, deps: { now: Date }, payment: ConfirmedPayment): Promise<void> {
  await q.insertEarningForPayment(tx, { ...payment, now: deps.now });
}

/** The payment a refund or chargeback is about, as its earning was recorded (`bundle`/id, `invoice`/in_…). */
export type PaymentRef = Pick<ConfirmedPayment, "transactionType" | "transactionId">;

/**
 * A refund or chargeback of a payment, inside the transaction that records the Stripe event: a negative earning row
 * linked to the payment's earning, in proportion to what was taken back (`share`), once per refund or dispute id
 * (PAY-03). Nothing when the payment earned nothing (the buyer had no agent). Answers the row written, if any.
 */
export async function reverseClientPayment(
  tx: Tx,
  deps: { now: Date },
  payment: PaymentRef,
  correction: Omit<q.Correction, "now">,
): Promise<{ id: number; commission: string } | undefined> {
  const originalId = await q.lockOriginalEarning(tx, payment);
  if (originalId === undefined) return undefined;
  return q.insertCorrection(tx, originalId, { ...correction, now: deps.now });
}

/** The client won the chargeback: what its row took back is earned again, once. */
export async function reinstateChargeback(
  tx: Tx,
  deps: { now: Date },
  payment: PaymentRef,
  disputeId: string,
): Promise<{ id: number; commission: string } | undefined> {
  if ((await q.lockOriginalEarning(tx, payment)) === undefined) return undefined;
  return q.insertChargebackWon(tx, { disputeId, now: deps.now });
}
