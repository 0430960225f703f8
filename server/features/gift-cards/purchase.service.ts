import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { giftCardPurchases, prepaidCards, users, type GiftCardPurchase } from "@shared/schema";
import { GIFT_CARD_DESIGNS, giftCardTotalMinor, GIFT_CARD_SHIPPING_GHS, type GiftCardDesign } from "@shared/gift-cards";
import type { PurchaseGiftCardInput } from "@shared/validators/gift-cards";
import { normalizePhone } from "@shared/validators/phone";
import { GHANA_PHONE_MESSAGE } from "@shared/validators/mobile-money";
import { runInTransaction, type DbOrTx, type Tx } from "../../db";
import type { AppDeps } from "../../deps";
import { AppError, notFound } from "../../lib/app-error";
import { withoutUrls } from "../../lib/mail/safe-text";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";
import { momoContext } from "../mobile-money/momo-context";
import { createMomoPayment, findByReference, requestMomoPayment } from "../mobile-money/momo.service";
import { startCardPayment } from "./card-payment";
import type { PrintableCard } from "./card-pdf";
import { openPurchaseValue, sealPurchaseValue } from "./gift-card-secrets";
import { GIFT_CARD_MESSAGES } from "@shared/validators/gift-cards";

/**
 * Records the order (`awaiting_payment`) and how it is paid, then asks for the payment. Nothing is issued here:
 * cards exist only once the payment is confirmed (state-machines.md). Mobile money: the payment row is recorded in
 * the order's transaction and the payer's prompt sent after commit. Card: see card-payment.ts (a Stripe Checkout
 * Session, or the test-mode card step).
 */
export async function purchaseGiftCards(deps: AppDeps, p: { userId: number; input: PurchaseGiftCardInput }) {
  const { input } = p;
  const needsPhone = input.deliveryMethod === "sms" || input.deliveryMethod === "whatsapp";
  const recipientPhone = normalizePhone(input.recipientPhone);
  if (needsPhone && !recipientPhone) {
    throw new AppError(400, GIFT_CARD_MESSAGES.recipientPhone, [
      { path: "recipientPhone", message: GIFT_CARD_MESSAGES.recipientPhone },
    ]);
  }
  const db = deps.database.db;
  if (input.paymentMethod === "card") {
    const purchase = await runInTransaction(db, (tx) =>
      recordOrder(tx, deps, { userId: p.userId, input, recipientPhone, reference: randomUUID() }),
    );
    return { purchase, payment: { method: "card" as const, ...(await startCardPayment(deps, purchase)) } };
  }
  const { mobileMoneyNetwork: network, payerPhone } = input;
  if (!network || !payerPhone) throw new AppError(400, GHANA_PHONE_MESSAGE);
  const ctx = momoContext(deps);
  const { purchase, payment } = await runInTransaction(db, async (tx) => {
    const row = await recordOrder(tx, deps, { userId: p.userId, input, recipientPhone, reference: null });
    const payment = await createMomoPayment(tx, ctx, {
      userId: p.userId,
      purpose: "gift_card",
      subjectId: row.id,
      network,
      phone: payerPhone,
      amountMinor: row.totalMinor,
    });
    const [purchase] = await tx
      .update(giftCardPurchases)
      .set({ paymentReference: payment.reference })
      .where(and(eq(giftCardPurchases.id, row.id), eq(giftCardPurchases.userId, p.userId)))
      .returning();
    return { purchase, payment };
  });
  await requestMomoPayment(ctx, payment, payerPhone, `Heirloom gift card${input.quantity > 1 ? "s" : ""}`);
  return {
    purchase: (await findPurchase(db, p.userId, purchase.id)) ?? purchase,
    payment: { method: "mobile_money" as const, row: await findByReference(db, payment.reference) },
  };
}

/** The order row with its private fields sealed under the buyer's data key (bound to the row's id). */
async function recordOrder(
  tx: Tx,
  deps: AppDeps,
  p: { userId: number; input: PurchaseGiftCardInput; recipientPhone: string | undefined; reference: string | null },
): Promise<GiftCardPurchase> {
  const { input } = p;
  const dek = await getOrCreateUserDataKey(tx, deps.keyring, p.userId);
  const [row] = await tx
    .insert(giftCardPurchases)
    .values({
      userId: p.userId,
      cardType: input.cardType,
      denominationMinor: Math.round(input.denomination * 100),
      quantity: input.quantity,
      shippingMinor: input.cardType === "physical" ? GIFT_CARD_SHIPPING_GHS * 100 : 0,
      totalMinor: giftCardTotalMinor(input),
      recipientName: input.recipientName,
      recipientPhone: "",
      deliveryMethod: input.deliveryMethod,
      design: input.design,
      paymentMethod: input.paymentMethod,
      createdAt: deps.clock.now(),
    })
    .returning();
  const owner = { userId: p.userId, rowId: row.id };
  const [purchase] = await tx
    .update(giftCardPurchases)
    .set({
      recipientPhone: sealPurchaseValue(dek, owner, "recipientPhone", p.recipientPhone ?? input.recipientPhone),
      recipientEmail: input.recipientEmail
        ? sealPurchaseValue(dek, owner, "recipientEmail", input.recipientEmail)
        : null,
      personalMessage: input.personalMessage
        ? sealPurchaseValue(dek, owner, "personalMessage", input.personalMessage)
        : null,
      physicalAddress: input.physicalAddress
        ? sealPurchaseValue(dek, owner, "physicalAddress", JSON.stringify(input.physicalAddress))
        : null,
      paymentReference: p.reference,
    })
    .where(and(eq(giftCardPurchases.id, row.id), eq(giftCardPurchases.userId, p.userId)))
    .returning();
  return purchase;
}

export async function findPurchase(db: DbOrTx, userId: number, id: number): Promise<GiftCardPurchase | undefined> {
  const [row] = await db
    .select()
    .from(giftCardPurchases)
    .where(and(eq(giftCardPurchases.id, id), eq(giftCardPurchases.userId, userId)));
  return row;
}

/**
 * The buyer's order; once it is paid, the first look carries the cards' codes and wipes them (shown once, contract);
 * every later look has none. Another user's order is a 404.
 */
export async function readPurchase(deps: AppDeps, p: { userId: number; id: number }) {
  const db = deps.database.db;
  const purchase = await findPurchase(db, p.userId, p.id);
  if (!purchase) throw notFound();
  if (!purchase.pendingCodes) return { purchase, codes: null };
  const [taken] = await db
    .update(giftCardPurchases)
    .set({ pendingCodes: null })
    .where(and(eq(giftCardPurchases.id, purchase.id), eq(giftCardPurchases.pendingCodes, purchase.pendingCodes)))
    .returning({ id: giftCardPurchases.id });
  if (!taken) return { purchase: { ...purchase, pendingCodes: null }, codes: null };
  const dek = await getOrCreateUserDataKey(db, deps.keyring, p.userId);
  const sealed = openPurchaseValue(
    dek,
    { userId: p.userId, rowId: purchase.id },
    "pendingCodes",
    purchase.pendingCodes,
  );
  return {
    purchase: { ...purchase, pendingCodes: null },
    codes: JSON.parse(sealed) as { cardNumber: string; code: string }[],
  };
}

/**
 * What the printable card shows of one of the buyer's cards: its design, value, recipient, the buyer's message
 * (opened with the buyer's key), masked number and expiry. Never the code (stored only hashed). Another user's card,
 * or a missing one, is a 404.
 */
export async function readPrintableCard(deps: AppDeps, p: { userId: number; cardId: number }): Promise<PrintableCard> {
  const db = deps.database.db;
  const [row] = await db
    .select({ card: prepaidCards, order: giftCardPurchases })
    .from(prepaidCards)
    .innerJoin(giftCardPurchases, eq(giftCardPurchases.id, prepaidCards.purchaseId))
    .where(
      and(
        eq(prepaidCards.id, p.cardId),
        eq(prepaidCards.purchasedBy, p.userId),
        eq(giftCardPurchases.userId, p.userId),
      ),
    );
  if (!row) throw notFound();
  const { card, order } = row;
  const dek = await getOrCreateUserDataKey(db, deps.keyring, p.userId);
  const message = order.personalMessage
    ? openPurchaseValue(dek, { userId: p.userId, rowId: order.id }, "personalMessage", order.personalMessage)
    : null;
  const [buyer] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, p.userId));
  const from = [buyer?.firstName, buyer?.lastName].filter(Boolean).join(" ");
  return {
    cardNumber: card.cardNumber,
    denominationMinor: card.denominationMinor,
    currency: card.currency,
    design: (GIFT_CARD_DESIGNS as readonly string[]).includes(card.design)
      ? (card.design as GiftCardDesign)
      : "classic",
    status: card.status,
    expiryDate: card.expiryDate,
    redeemedAt: card.redeemedAt,
    recipientName: order.recipientName,
    personalMessage: message,
    // the buyer's name only: never their e-mail address on a card handed to someone else
    from: from ? withoutUrls(from).slice(0, 120) : null,
    redeemUrl: `${deps.config.publicUrl}/gift-cards`,
    printedAt: deps.clock.now(),
  };
}
