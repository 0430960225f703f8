import { z } from "zod";
import type { User } from "@shared/schema";
import { runInTransaction, type Tx } from "../../db";
import { AppError } from "../../lib/app-error";
import { enqueueEmail } from "../../lib/outbox/enqueue";
import {
  WebhookSignatureError,
  type ChargeSnapshot,
  type DisputeSnapshot,
  type InvoiceSnapshot,
  type SubscriptionSnapshot,
  type WebhookEvent,
} from "../../lib/payments";
import { notify } from "../../lib/notifications";
import { correctAgentEarning, creditAgentForRenewal, isEarningRenewal } from "./agent-commission";
import { paymentFailedMail } from "./billing.mail";
import { findUserByStripeCustomer, recordStripeEvent, setPaymentStatus, transitionBundle } from "./billing.queries";
import type { BillingCtx } from "./billing.service";
import { syncSubscription, type SyncResult } from "./subscription-sync";

/** Events whose subscription we re-read from Stripe and apply. */
const SUBSCRIPTION_EVENTS = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
]);

/** A charge's refunds changed: the charge and all its refunds are re-read. */
const REFUND_EVENTS = new Set(["charge.refunded", "charge.refund.updated"]);
/** A dispute opened, moved or closed: the dispute and its charge are re-read. */
const DISPUTE_EVENTS = new Set([
  "charge.dispute.created",
  "charge.dispute.updated",
  "charge.dispute.closed",
  "charge.dispute.funds_withdrawn",
  "charge.dispute.funds_reinstated",
]);

/** What the handler re-read from Stripe before its transaction (events arrive out of order and may be stale). */
type Fresh = {
  snapshot: SubscriptionSnapshot | null;
  invoice: InvoiceSnapshot | null;
  charge: ChargeSnapshot | null;
  dispute: DisputeSnapshot | null;
};

const expiredSessionMetadata = z.object({
  userId: z.string().regex(/^\d+$/).transform(Number),
  bundleId: z.string().regex(/^\d+$/).transform(Number),
});

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

type Effects = SyncResult & { outcome: WebhookOutcome };

async function applyEvent(tx: Tx, ctx: BillingCtx, event: WebhookEvent, fresh: Fresh): Promise<Effects> {
  const { snapshot } = fresh;
  const now = ctx.clock.now();
  const purpose = event.session?.mode === "payment" ? ctx.checkoutPurposes?.[event.metadata.kind ?? ""] : undefined;
  if (purpose) return { cancel: [], outcome: await purpose(tx, event) };
  if (REFUND_EVENTS.has(event.type) || DISPUTE_EVENTS.has(event.type)) {
    if (!fresh.charge) return { cancel: [], outcome: "ignored" };
    await correctAgentEarning(tx, now, fresh.charge, fresh.dispute);
    return { cancel: [], outcome: "applied" };
  }
  if (event.type === "checkout.session.expired") {
    const meta = expiredSessionMetadata.safeParse(event.metadata);
    if (meta.success) await transitionBundle(tx, { ...meta.data, from: "pending", to: "expired" });
    return { cancel: [], outcome: "applied" };
  }
  if (!SUBSCRIPTION_EVENTS.has(event.type)) return { cancel: [], outcome: "ignored" };

  let result: SyncResult = { cancel: [] };
  if (snapshot) result = await syncSubscription(tx, { logger: ctx.logger, now, eventId: event.id }, snapshot);
  else if (event.subscriptionId) {
    ctx.logger.error(
      { alert: "stripe_subscription_missing", eventId: event.id, subscriptionId: event.subscriptionId },
      "Stripe event names a subscription Stripe does not know",
    );
  }
  if (event.type !== "invoice.payment_failed" && event.type !== "invoice.paid")
    return { ...result, outcome: "applied" };

  const user = result.user ?? (event.customerId ? await findUserByStripeCustomer(tx, event.customerId) : undefined);
  if (!user) return { ...result, outcome: "ignored" };
  if (event.type === "invoice.paid") {
    await setPaymentStatus(tx, user.id, "ok");
    // A renewal earns the client's agent like the first payment did (which the checkout's bundle credited).
    if (snapshot && result.user && isEarningRenewal(fresh.invoice, snapshot)) {
      await creditAgentForRenewal(tx, now, result.user.id, fresh.invoice);
    }
    return { ...result, outcome: "applied" };
  }
  // The plan stays until the period ends; Stripe ends the subscription if retries fail, which reverts it.
  await setPaymentStatus(tx, user.id, "past_due");
  await notifyPaymentFailed(tx, ctx, user, event.id);
  return { ...result, outcome: "applied" };
}

/** Queued with the event it reports: one mail per Stripe event, however often Stripe delivers the event. */
async function notifyPaymentFailed(tx: Tx, ctx: BillingCtx, user: User, eventId: string): Promise<void> {
  const mail = paymentFailedMail(user.email, user.firstName, `${ctx.publicUrl}/pricing`);
  const key = `payment-failed:${eventId}`;
  await enqueueEmail(tx, ctx.outbox, mail, { kind: "payment_failed", dedupeKey: key });
  await notify(tx, ctx.outbox, [
    {
      userId: user.id,
      kind: "payment_failed",
      title: mail.subject,
      body: "Your plan stays active until the end of the billing period; update your payment details before then.",
      link: "/pricing",
      dedupeKey: key,
    },
  ]);
}

/** The 400 answer to a webhook whose signature does not verify; the route audits it (LOG-02). */
export const INVALID_SIGNATURE_MESSAGE = "Invalid Stripe signature.";

/**
 * POST /api/webhooks/stripe. Verifies the signature over the raw body (400 and no change otherwise), re-reads what
 * the event is about from Stripe (events arrive out of order): the subscription, a paid invoice, a refunded or
 * disputed charge with its refunds, a dispute. Then records the event id and applies its effect in ONE
 * transaction (an agent's earning, or its refund/chargeback correction, included): a replay or a concurrent duplicate finds the id already there and changes nothing. The e-mail it
 * causes is queued in that transaction; cancelling a superseded subscription (outside the database) runs after it.
 */
export async function handleStripeWebhook(
  ctx: BillingCtx,
  p: { rawBody: Buffer; signature: string | undefined },
): Promise<WebhookOutcome> {
  const payments = ctx.payments;
  if (payments.mode !== "stripe") throw new AppError(400, "Stripe payments are not enabled on this server.");
  let event: WebhookEvent;
  try {
    event = payments.verifyWebhook(p.rawBody, p.signature);
  } catch (err) {
    if (!(err instanceof WebhookSignatureError)) throw err;
    ctx.logger.warn({ event: "stripe_webhook_signature_failed", reason: err.message }, "Stripe webhook refused");
    throw new AppError(400, INVALID_SIGNATURE_MESSAGE);
  }

  const wantsSnapshot = SUBSCRIPTION_EVENTS.has(event.type) && event.subscriptionId !== null;
  const snapshot =
    wantsSnapshot && event.subscriptionId ? await payments.retrieveSubscription(event.subscriptionId) : null;
  const invoice =
    event.type === "invoice.paid" && event.objectId ? await payments.retrieveInvoice(event.objectId) : null;
  const dispute =
    DISPUTE_EVENTS.has(event.type) && event.objectId ? await payments.retrieveDispute(event.objectId) : null;
  const chargeId = dispute?.chargeId ?? (REFUND_EVENTS.has(event.type) ? event.chargeId : null);
  const charge = chargeId ? await payments.retrieveCharge(chargeId) : null;
  const fresh: Fresh = { snapshot, invoice, charge, dispute };

  const effects = await runInTransaction(ctx.db, async (tx): Promise<Effects> => {
    if (!(await recordStripeEvent(tx, event.id, event.type))) return { cancel: [], outcome: "duplicate" };
    return applyEvent(tx, ctx, event, fresh);
  });

  for (const id of effects.cancel) {
    await payments.cancelSubscription(id, `supersede:${id}`).catch((err: unknown) => {
      ctx.logger.error(
        { alert: "stripe_cancel_failed", subscriptionId: id, err },
        "Could not cancel a superseded plan",
      );
    });
  }
  return effects.outcome;
}
