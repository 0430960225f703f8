import { and, eq, sql } from "drizzle-orm";
import { assetBundles } from "@shared/schema";
import type { Tx } from "../../db";
import type { ChargeSnapshot, DisputeSnapshot, InvoiceSnapshot } from "../../lib/payments";
import {
  recordClientPayment,
  reinstateChargeback,
  reverseClientPayment,
  type PaymentRef,
} from "../agents/earnings.service";
import { centsToDecimal } from "./billing.pricing";
import { findUserByStripeCustomer, type Bundle } from "./billing.queries";

/**
 * A purchase has just been confirmed as paid (test mode's purchase, or the webhook's pending → paid): in the same
 * transaction, the buyer's agent (if any) earns their commission on it, once per bundle (PAY-03).
 */
export function creditAgentForBundle(tx: Tx, now: Date, bundle: Pick<Bundle, "id" | "userId" | "price">) {
  return recordClientPayment(
    tx,
    { now },
    { clientId: bundle.userId, transactionType: "bundle", transactionId: String(bundle.id), amount: bundle.price },
  );
}

/**
 * A renewal invoice of one of the client's subscriptions has been paid (invoice.paid, billing_reason
 * subscription_cycle; the subscription was just re-read and matched our catalogue): the agent earns on it like on
 * the first payment — the rate at this moment, once per invoice (PAY-03).
 */
export function creditAgentForRenewal(tx: Tx, now: Date, clientId: number, invoice: InvoiceSnapshot) {
  return recordClientPayment(
    tx,
    { now },
    {
      clientId,
      transactionType: "invoice",
      transactionId: invoice.id,
      amount: centsToDecimal(invoice.amountPaidCents),
    },
  );
}

/** Whether a paid invoice is a renewal that earns: ours (same customer and subscription), paid, in USD, not zero. */
export function isEarningRenewal(
  invoice: InvoiceSnapshot | null,
  sub: { id: string; customerId: string },
): invoice is InvoiceSnapshot {
  return (
    invoice !== null &&
    invoice.billingReason === "subscription_cycle" &&
    invoice.status === "paid" &&
    invoice.subscriptionId === sub.id &&
    invoice.customerId === sub.customerId &&
    invoice.currency.toLowerCase() === "usd" &&
    invoice.amountPaidCents > 0
  );
}

/**
 * The earning a charge paid for, as it was recorded: a subscription's first invoice is the purchase's bundle
 * (credited when the checkout was confirmed), any later invoice is its own `invoice` earning. Found through the
 * charge's invoice (Stripe links them through the payment intent's invoice payment) and scoped to the customer the
 * charge belongs to.
 */
async function paymentRefForCharge(tx: Tx, charge: ChargeSnapshot): Promise<PaymentRef | undefined> {
  const invoice = charge.invoice;
  if (!invoice || !invoice.customerId || invoice.customerId !== charge.customerId) return undefined;
  if (invoice.billingReason !== "subscription_create") {
    return { transactionType: "invoice", transactionId: invoice.id };
  }
  if (!invoice.subscriptionId) return undefined;
  const user = await findUserByStripeCustomer(tx, invoice.customerId);
  if (!user) return undefined;
  const [bundle] = await tx
    .select({ id: assetBundles.id })
    .from(assetBundles)
    .where(
      and(
        eq(assetBundles.userId, user.id),
        sql`${assetBundles.metadata}->>'subscriptionId' = ${invoice.subscriptionId}`,
      ),
    )
    .limit(1);
  return bundle ? { transactionType: "bundle", transactionId: String(bundle.id) } : undefined;
}

/** Dispute statuses in which the funds have been taken back from us (inquiries, `warning_*`, take nothing). */
const CHARGED_BACK = new Set([
  "needs_response",
  "under_review",
  "lost",
  "appeal_needs_response",
  "appeal_under_review",
]);

/**
 * A refund or dispute event, with the charge (and dispute) just re-read from Stripe, inside the event's
 * transaction: every succeeded refund of the charge reverses its part of the agent's earning, once per refund id
 * (the refund that completes the charge takes whatever is left, so no rounding remains); a chargeback reverses all
 * that is left, once per dispute, and a won dispute earns it back, once. Nothing when the payment earned nothing.
 */
export async function correctAgentEarning(
  tx: Tx,
  now: Date,
  charge: ChargeSnapshot,
  dispute: DisputeSnapshot | null,
): Promise<void> {
  const ref = await paymentRefForCharge(tx, charge);
  if (!ref) return;
  const refunds = charge.refunds
    .filter((r) => r.status === "succeeded" && r.amountCents > 0)
    .sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
  let refunded = 0;
  for (const r of refunds) {
    refunded += r.amountCents;
    const share =
      refunded >= charge.amountCents ? "rest" : { numerator: r.amountCents, denominator: charge.amountCents };
    await reverseClientPayment(tx, { now }, ref, { transactionType: "refund", transactionId: r.id, share });
  }
  if (!dispute || dispute.chargeId !== charge.id) return;
  if (dispute.status === "won") await reinstateChargeback(tx, { now }, ref, dispute.id);
  else if (CHARGED_BACK.has(dispute.status)) {
    await reverseClientPayment(tx, { now }, ref, {
      transactionType: "chargeback",
      transactionId: dispute.id,
      share: "rest",
    });
  }
}
