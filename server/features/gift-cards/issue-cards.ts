import { and, eq, inArray } from "drizzle-orm";
import { giftCardPurchases, prepaidCards, users } from "@shared/schema";
import { GIFT_CARD_VALID_DAYS } from "@shared/gift-cards";
import type { DbOrTx, Tx } from "../../db";
import type { AppDeps } from "../../deps";
import { ownerDisplayName } from "../../lib/mail/safe-text";
import { notify } from "../../lib/notifications";
import { enqueueMessage, type NewMessage } from "../../lib/outbox/enqueue";
import type { MomoPurposeHandler } from "../mobile-money/momo.service";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";
import { hashRedemptionCode, newCardNumber, newRedemptionCode } from "./card-codes";
import { openPurchaseValue, sealPurchaseValue } from "./gift-card-secrets";
import { GIFT_CARD_MESSAGES } from "@shared/validators/gift-cards";

const DAY_MS = 24 * 60 * 60 * 1000;
const cedis = (minor: number) => `GHS ${(minor / 100).toFixed(2)}`;

/**
 * The gift-card purpose of a mobile-money payment, run in the payment's own transaction: paid → the order's cards
 * are issued (numbers, codes stored hashed, the codes sealed for the buyer's one look) and each code goes to the
 * recipient through the outbox; failed → the order fails and the buyer is told. A payment approved after it had
 * expired still issues the cards of its (failed) order: the buyer paid.
 */
export function giftCardPurpose(deps: AppDeps): MomoPurposeHandler {
  return {
    async paid(tx, payment) {
      await payGiftCardOrder(tx, deps, {
        purchaseId: payment.subjectId ?? -1,
        userId: payment.userId,
        from: ["awaiting_payment", "failed"],
        reference: payment.reference,
      });
    },
    async failed(tx, payment) {
      await failGiftCardOrder(tx, deps, {
        purchaseId: payment.subjectId ?? -1,
        userId: payment.userId,
        body: `The mobile-money payment was not completed (${payment.failureReason ?? "no answer"}). No card was issued.`,
      });
    },
  };
}

type OrderStatus = "awaiting_payment" | "failed";

/**
 * The one way an order becomes paid, whatever paid it (mobile money, a card through Stripe, the test-mode card
 * step): a conditional move out of `from`, then its cards are issued in the caller's transaction. False when the
 * order was not in one of those states (already paid, or not this user's): nothing is issued twice.
 */
export async function payGiftCardOrder(
  tx: Tx,
  deps: AppDeps,
  p: { purchaseId: number; userId: number; from: OrderStatus[]; reference: string; paymentMethod?: string },
): Promise<boolean> {
  const [order] = await tx
    .update(giftCardPurchases)
    .set({ status: "paid", paidAt: deps.clock.now() })
    .where(
      and(
        eq(giftCardPurchases.id, p.purchaseId),
        eq(giftCardPurchases.userId, p.userId),
        inArray(giftCardPurchases.status, p.from),
        p.paymentMethod ? eq(giftCardPurchases.paymentMethod, p.paymentMethod) : undefined,
      ),
    )
    .returning();
  if (!order) return false;
  await issue(tx, deps, order, p.reference);
  return true;
}

/** An order whose payment did not happen: `awaiting_payment` → `failed` once, and the buyer is told. */
export async function failGiftCardOrder(
  tx: Tx,
  deps: AppDeps,
  p: { purchaseId: number; userId: number; body: string },
): Promise<boolean> {
  const [order] = await tx
    .update(giftCardPurchases)
    .set({ status: "failed" })
    .where(
      and(
        eq(giftCardPurchases.id, p.purchaseId),
        eq(giftCardPurchases.userId, p.userId),
        eq(giftCardPurchases.status, "awaiting_payment"),
      ),
    )
    .returning();
  if (!order) return false;
  await notify(tx, deps, [
    {
      userId: order.userId,
      kind: "gift_card_failed",
      title: GIFT_CARD_MESSAGES.failureTitle,
      body: p.body,
      link: "/gift-cards",
      dedupeKey: `gift-card-failed:${order.id}`,
    },
  ]);
  return true;
}

async function issue(tx: Tx, deps: AppDeps, order: typeof giftCardPurchases.$inferSelect, reference: string) {
  const now = deps.clock.now();
  const expiryDate = new Date(now.getTime() + GIFT_CARD_VALID_DAYS * DAY_MS);
  const issued = Array.from({ length: order.quantity }, () => ({
    cardNumber: newCardNumber(),
    code: newRedemptionCode(),
  }));
  await tx.insert(prepaidCards).values(
    issued.map((c) => ({
      purchaseId: order.id,
      purchasedBy: order.userId,
      cardNumber: c.cardNumber,
      codeHash: hashRedemptionCode(c.code),
      cardType: order.cardType,
      denominationMinor: order.denominationMinor,
      currency: order.currency,
      design: order.design,
      expiryDate,
      createdAt: now,
    })),
  );
  const dek = await getOrCreateUserDataKey(tx, deps.keyring, order.userId);
  const owner = { userId: order.userId, rowId: order.id };
  await tx
    .update(giftCardPurchases)
    .set({ pendingCodes: sealPurchaseValue(dek, owner, "pendingCodes", JSON.stringify(issued)) })
    .where(eq(giftCardPurchases.id, order.id));

  const buyer = await buyerOf(tx, order.userId);
  const from = buyer ? ownerDisplayName(buyer) : "Someone";
  const message = order.personalMessage
    ? openPurchaseValue(dek, owner, "personalMessage", order.personalMessage)
    : null;
  const to =
    order.deliveryMethod === "email"
      ? order.recipientEmail && openPurchaseValue(dek, owner, "recipientEmail", order.recipientEmail)
      : order.deliveryMethod === "physical_mail"
        ? null
        : openPurchaseValue(dek, owner, "recipientPhone", order.recipientPhone);
  if (to) {
    for (const [i, card] of issued.entries()) {
      const text = [
        `${from} sent you a Heirloom gift card worth ${cedis(order.denominationMinor)}.`,
        message ? `Their message: ${message}` : null,
        `Your code: ${card.code}`,
        `Redeem it when signed in at ${deps.config.publicUrl}/gift-cards (valid until ${expiryDate.toISOString().slice(0, 10)}).`,
      ]
        .filter(Boolean)
        .join("\n");
      const channel: NewMessage["channel"] =
        order.deliveryMethod === "email" ? "email" : order.deliveryMethod === "whatsapp" ? "whatsapp" : "sms";
      await enqueueMessage(tx, deps, {
        channel,
        kind: "gift_card",
        to,
        subject: channel === "email" ? `${from} sent you a Heirloom gift card` : undefined,
        text,
        dedupeKey: `gift-card:${order.id}:${i}`,
        senderUserId: order.userId,
        toOthers: true,
      });
    }
  }
  await notify(tx, deps, [
    {
      userId: order.userId,
      kind: "gift_card_paid",
      title: GIFT_CARD_MESSAGES.successTitle,
      body: GIFT_CARD_MESSAGES.success,
      link: `/gift-cards`,
      dedupeKey: `gift-card-paid:${order.id}:${reference}`,
    },
  ]);
}

/** The buyer's name as a recipient's message shows it. */
async function buyerOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
