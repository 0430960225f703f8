import { and, eq } from "drizzle-orm";
import { giftCardPurchases, type GiftCardPurchase } from "@shared/schema";
import { giftCardTotalMinor, GIFT_CARD_SHIPPING_GHS } from "@shared/gift-cards";
import type { PurchaseGiftCardInput } from "@shared/validators/gift-cards";
import { normalizePhone } from "@shared/validators/phone";
import { runInTransaction, type DbOrTx } from "../../db";
import type { AppDeps } from "../../deps";
import { AppError, notFound } from "../../lib/app-error";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";
import { momoContext } from "../mobile-money/momo-context";
import { createMomoPayment, requestMomoPayment } from "../mobile-money/momo.service";
import { openPurchaseValue, sealPurchaseValue } from "./gift-card-secrets";
import { GIFT_CARD_MESSAGES } from "@shared/validators/gift-cards";

/**
 * Records the order (`awaiting_payment`) and its mobile-money payment in one transaction, then sends the payer's
 * prompt. Nothing is issued here: cards exist only once the payment is confirmed (state-machines.md).
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
  const totalMinor = giftCardTotalMinor(input);
  const ctx = momoContext(deps);
  const db = deps.database.db;
  const { purchase, payment } = await runInTransaction(db, async (tx) => {
    const dek = await getOrCreateUserDataKey(tx, deps.keyring, p.userId);
    const [row] = await tx
      .insert(giftCardPurchases)
      .values({
        userId: p.userId,
        cardType: input.cardType,
        denominationMinor: Math.round(input.denomination * 100),
        quantity: input.quantity,
        shippingMinor: input.cardType === "physical" ? GIFT_CARD_SHIPPING_GHS * 100 : 0,
        totalMinor,
        recipientName: input.recipientName,
        recipientPhone: "",
        deliveryMethod: input.deliveryMethod,
        design: input.design,
        paymentMethod: input.paymentMethod,
        createdAt: deps.clock.now(),
      })
      .returning();
    const owner = { userId: p.userId, rowId: row.id };
    const sealed = {
      recipientPhone: sealPurchaseValue(dek, owner, "recipientPhone", recipientPhone ?? input.recipientPhone),
      recipientEmail: input.recipientEmail
        ? sealPurchaseValue(dek, owner, "recipientEmail", input.recipientEmail)
        : null,
      personalMessage: input.personalMessage
        ? sealPurchaseValue(dek, owner, "personalMessage", input.personalMessage)
        : null,
      physicalAddress: input.physicalAddress
        ? sealPurchaseValue(dek, owner, "physicalAddress", JSON.stringify(input.physicalAddress))
        : null,
    };
    const payment = await createMomoPayment(tx, ctx, {
      userId: p.userId,
      purpose: "gift_card",
      subjectId: row.id,
      network: input.mobileMoneyNetwork,
      phone: input.payerPhone,
      amountMinor: totalMinor,
    });
    const [purchase] = await tx
      .update(giftCardPurchases)
      .set({ ...sealed, paymentReference: payment.reference })
      .where(eq(giftCardPurchases.id, row.id))
      .returning();
    return { purchase, payment };
  });
  await requestMomoPayment(ctx, payment, input.payerPhone, `Heirloom gift card${input.quantity > 1 ? "s" : ""}`);
  return { purchase: (await findPurchase(db, p.userId, purchase.id)) ?? purchase, reference: payment.reference };
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
