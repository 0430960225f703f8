import { z } from "zod";
import { and, eq } from "drizzle-orm";
import { auditEvents, giftCardPurchases, type GiftCardPurchase } from "@shared/schema";
import { runInTransaction, type DbOrTx, type Tx } from "../../db";
import type { AppDeps } from "../../deps";
import { AppError, conflict, notFound } from "../../lib/app-error";
import { createPayments, type Payments, type WebhookEvent } from "../../lib/payments";
import type { CheckoutPurpose } from "../billing/billing.service";
import { failGiftCardOrder, payGiftCardOrder } from "./issue-cards";

/**
 * Gift cards paid by card. With Stripe configured the order opens a one-time Checkout Session for its GHS total and
 * only the signed `checkout.session.completed` webhook (paid, amount and currency equal to the order's) issues the
 * cards, once, in the webhook's transaction. In billing's test mode (no Stripe key) the buyer confirms or declines
 * on a clearly marked test step instead; nothing is issued without that explicit confirmation.
 */

/** What the purchase answers of a card payment (the contract's `payment: {reference, …}`). */
export type CardPaymentState = {
  reference: string;
  status: "pending";
  amountMinor: number;
  currency: string;
  testMode: boolean;
  /** Stripe's Checkout page for this order; null in test mode. */
  checkoutUrl: string | null;
};

export const CARD_PAYMENT_MESSAGES = {
  unavailable: "The card payment could not be started. No card was issued; please try again.",
  declined: "The test card payment was declined. No card was issued.",
  expired: "The card payment was not completed in time. No card was issued.",
  mismatch: "The card payment did not match the order. No card was issued; contact support for a refund.",
  notCard: "This order is paid by mobile money.",
  answered: "This payment has already been answered.",
} as const;

const paymentsOf = new WeakMap<AppDeps, Payments>();

/** The same provider billing uses: Stripe when STRIPE_SECRET_KEY is set, test mode otherwise. */
export function giftCardPayments(deps: AppDeps): Payments {
  let payments = paymentsOf.get(deps);
  if (!payments) {
    payments = createPayments(deps.config.stripe);
    paymentsOf.set(deps, payments);
  }
  return payments;
}

const cedis = (minor: number) => `GHS ${(minor / 100).toFixed(2)}`;

/**
 * After the order is recorded: test mode answers the test step's state; Stripe gets a Checkout Session (idempotency
 * key per order) whose id is stored on the order before its URL is handed out, so the webhook can be matched to it.
 * A session that cannot be created fails the order (nothing half-started stays awaiting payment).
 */
export async function startCardPayment(deps: AppDeps, purchase: GiftCardPurchase): Promise<CardPaymentState> {
  const payments = giftCardPayments(deps);
  const base = {
    reference: purchase.paymentReference ?? String(purchase.id),
    status: "pending" as const,
    amountMinor: purchase.totalMinor,
    currency: purchase.currency,
  };
  if (payments.mode === "test") return { ...base, testMode: true, checkoutUrl: null };
  const db = deps.database.db;
  const back = `${deps.config.publicUrl}/gift-cards?purchase=${purchase.id}`;
  try {
    const session = await payments.createPaymentCheckoutSession({
      productName: `Heirloom gift card${purchase.quantity > 1 ? "s" : ""}: ${purchase.quantity} × ${cedis(purchase.denominationMinor)}${purchase.shippingMinor > 0 ? ` + ${cedis(purchase.shippingMinor)} shipping` : ""}`,
      amountMinor: purchase.totalMinor,
      currency: purchase.currency,
      metadata: {
        kind: "gift_card",
        purchaseId: String(purchase.id),
        userId: String(purchase.userId),
        reference: base.reference,
      },
      successUrl: `${back}&checkout=success`,
      cancelUrl: `${back}&checkout=cancelled`,
      idempotencyKey: `gift-card-checkout:${purchase.id}`,
    });
    await db
      .update(giftCardPurchases)
      .set({ checkoutSessionId: session.id })
      .where(
        and(
          eq(giftCardPurchases.id, purchase.id),
          eq(giftCardPurchases.userId, purchase.userId),
          eq(giftCardPurchases.status, "awaiting_payment"),
        ),
      );
    return { ...base, testMode: false, checkoutUrl: session.url };
  } catch (err) {
    deps.logger.error({ err, purchaseId: purchase.id }, "gift-card checkout session not created");
    await runInTransaction(db, (tx) =>
      failGiftCardOrder(tx, deps, {
        purchaseId: purchase.id,
        userId: purchase.userId,
        body: CARD_PAYMENT_MESSAGES.unavailable,
      }),
    );
    throw new AppError(502, CARD_PAYMENT_MESSAGES.unavailable);
  }
}

async function ownOrder(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(giftCardPurchases)
    .where(and(eq(giftCardPurchases.id, id), eq(giftCardPurchases.userId, userId)));
  return row;
}

async function auditCardPayment(tx: Tx, deps: AppDeps, order: { id: number; userId: number }, outcome: string) {
  await tx.insert(auditEvents).values({
    at: deps.clock.now(),
    actorId: null,
    subjectUserId: order.userId,
    action: `gift_card_card_payment_${outcome}`,
    target: `gift-card-purchase:${order.id}`,
    details: null,
  });
}

/**
 * Test mode's card step: the buyer's explicit confirm (or decline) of their own card order stands for the card
 * payment; confirm runs the same paying path as Stripe's webhook. 404 unless payments are in test mode, and for
 * anyone else's order; 409 for a mobile-money order or one already answered.
 */
export async function answerTestCardPayment(
  deps: AppDeps,
  p: { userId: number; purchaseId: number; answer: "confirm" | "decline" },
): Promise<GiftCardPurchase> {
  if (giftCardPayments(deps).mode !== "test") throw notFound();
  const db = deps.database.db;
  const order = await ownOrder(db, p.userId, p.purchaseId);
  if (!order) throw notFound();
  if (order.paymentMethod !== "card") throw conflict(CARD_PAYMENT_MESSAGES.notCard);
  const moved = await runInTransaction(db, async (tx) => {
    const done =
      p.answer === "confirm"
        ? await payGiftCardOrder(tx, deps, {
            purchaseId: order.id,
            userId: p.userId,
            from: ["awaiting_payment"],
            reference: order.paymentReference ?? String(order.id),
            paymentMethod: "card",
          })
        : await failGiftCardOrder(tx, deps, {
            purchaseId: order.id,
            userId: p.userId,
            body: CARD_PAYMENT_MESSAGES.declined,
          });
    if (done) await auditCardPayment(tx, deps, order, p.answer === "confirm" ? "test_paid" : "test_declined");
    return done;
  });
  if (!moved) throw conflict(CARD_PAYMENT_MESSAGES.answered);
  return (await ownOrder(db, p.userId, p.purchaseId)) ?? order;
}

const giftCardMetadata = z.object({
  purchaseId: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number),
  userId: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number),
});

/**
 * A signed `checkout.session.*` event for a gift-card order, in the webhook's transaction (its event id is already
 * recorded there, so a replay changes nothing). The order must be the buyer's card order whose stored session is
 * this one; `completed` (or `async_payment_succeeded`) issues its cards only when Stripe says paid for exactly the
 * order's total in its currency — anything else fails the order, issues nothing and raises an alert; an expired or
 * failed session fails the order. The conditional move out of `awaiting_payment` issues the cards once.
 */
export function giftCardCheckoutPurpose(deps: AppDeps): CheckoutPurpose {
  return async (tx: Tx, event: WebhookEvent) => {
    const meta = giftCardMetadata.safeParse(event.metadata);
    const session = event.session;
    if (!meta.success || !session) return "ignored";
    const order = await ownOrder(tx, meta.data.userId, meta.data.purchaseId);
    if (!order || order.paymentMethod !== "card" || order.checkoutSessionId !== session.id) {
      deps.logger.warn(
        { eventId: event.id, purchaseId: meta.data.purchaseId },
        "gift-card checkout event names no matching order",
      );
      return "ignored";
    }
    const owner = { purchaseId: order.id, userId: order.userId };
    if (event.type === "checkout.session.expired" || event.type === "checkout.session.async_payment_failed") {
      if (await failGiftCardOrder(tx, deps, { ...owner, body: CARD_PAYMENT_MESSAGES.expired })) {
        await auditCardPayment(tx, deps, order, "failed");
      }
      return "applied";
    }
    if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded") {
      return "ignored";
    }
    // An asynchronous method completes the session unpaid; its async_payment_succeeded event pays it later.
    if (session.paymentStatus !== "paid") return "ignored";
    if (session.amountTotal !== order.totalMinor || session.currency.toUpperCase() !== order.currency) {
      deps.logger.error(
        {
          alert: "stripe_gift_card_mismatch",
          eventId: event.id,
          purchaseId: order.id,
          expected: { amount: order.totalMinor, currency: order.currency },
          paid: { amount: session.amountTotal, currency: session.currency },
        },
        "gift-card card payment does not match its order: nothing issued",
      );
      if (await failGiftCardOrder(tx, deps, { ...owner, body: CARD_PAYMENT_MESSAGES.mismatch })) {
        await auditCardPayment(tx, deps, order, "mismatch");
      }
      return "applied";
    }
    const paid = await payGiftCardOrder(tx, deps, {
      ...owner,
      from: ["awaiting_payment"],
      reference: order.paymentReference ?? session.id,
      paymentMethod: "card",
    });
    if (paid) await auditCardPayment(tx, deps, order, "paid");
    return "applied";
  };
}
