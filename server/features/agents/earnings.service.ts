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

/** A refund or chargeback of a payment reverses its earning (no-op when there was none). */
export async function reverseClientPayment(
  tx: Tx,
  deps: { now: Date },
  payment: Pick<ConfirmedPayment, "transactionType" | "transactionId">,
): Promise<boolean> {
  return q.reverseEarningFor(tx, { ...payment, now: deps.now });
}
