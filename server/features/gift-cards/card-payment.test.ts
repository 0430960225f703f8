import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, giftCardPurchases, prepaidCards } from "@shared/schema";
import { startStripeWorld, type StripeWorld } from "../../test/fakes/stripe-world";
import { paymentSessionEvent } from "../../test/fakes/stripe-checkout-payment";

/**
 * Gift cards paid by card through Stripe (a local fake Stripe API at the HTTP boundary): the order opens a one-time
 * Checkout Session for its GHS total; only the signed `checkout.session.completed` webhook, paid for exactly that
 * amount and currency, issues the cards — once, however often Stripe delivers (PAY-03).
 */
let w: StripeWorld;
beforeAll(async () => {
  w = await startStripeWorld();
});
afterAll(async () => {
  await w?.close();
});

const ORDER = {
  cardType: "physical",
  denomination: 50,
  quantity: 2,
  recipientName: "Ɛsi Ɔwusu",
  recipientPhone: "024 555 0101",
  personalMessage: "Akwaaba!",
  deliveryMethod: "sms",
  design: "festive",
  paymentMethod: "card",
};

async function cardOrder(body: Record<string, unknown> = ORDER) {
  const buyer = await w.t.signUp({ verified: true });
  const res = await buyer.agent.post("/api/gift-cards/purchase").send(body);
  expect(res.status, res.text).toBe(201);
  const checkoutUrl = String(res.body.payment.checkoutUrl);
  const sessionId = checkoutUrl.split("/").pop()!;
  return { buyer, res, purchaseId: res.body.purchase.id as number, sessionId };
}

const cardsOf = (purchaseId: number) =>
  w.t.db.select().from(prepaidCards).where(eq(prepaidCards.purchaseId, purchaseId));
const orderRow = async (purchaseId: number) =>
  (await w.t.db.select().from(giftCardPurchases).where(eq(giftCardPurchases.id, purchaseId)))[0];

describe("paying gift cards by card with Stripe", () => {
  it("opens a Checkout Session for the GHS total in pesewas, naming the order, and issues nothing yet", async () => {
    const { buyer, res, purchaseId, sessionId } = await cardOrder();
    expect(res.body.purchase).toMatchObject({ status: "awaiting_payment", total: "105.00", paymentMethod: "card" });
    expect(res.body.payment).toEqual({
      method: "card",
      reference: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: "pending",
      amount: "105.00",
      currency: "GHS",
      testMode: false,
      checkoutUrl: `https://checkout.stripe.test/c/pay/${sessionId}`,
    });
    expect(w.fake.sessionParams(sessionId)).toMatchObject({
      mode: "payment",
      line_items: { "0": { quantity: "1", price_data: { currency: "ghs", unit_amount: "10500" } } },
      metadata: {
        kind: "gift_card",
        purchaseId: String(purchaseId),
        userId: String(buyer.user.id),
        reference: res.body.payment.reference,
      },
      success_url: `http://heirloom.test/gift-cards?purchase=${purchaseId}&checkout=success`,
      cancel_url: `http://heirloom.test/gift-cards?purchase=${purchaseId}&checkout=cancelled`,
    });
    const requests = w.fake.requests.filter((r) => r.idempotencyKey === `gift-card-checkout:${purchaseId}`);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/checkout/sessions"]);
    expect(await cardsOf(purchaseId)).toEqual([]);
    expect((await orderRow(purchaseId)).checkoutSessionId).toBe(sessionId);
    // the buyer coming back from Checkout before the webhook sees the order still waiting, and no codes
    const back = await buyer.agent.get(`/api/gift-cards/purchases/${purchaseId}`).expect(200);
    expect(back.body.status).toBe("awaiting_payment");
    expect(back.body.cards).toBeUndefined();
  });

  it("issues the cards once when the signed webhook says paid, however often it is delivered (PAY-03)", async () => {
    const { buyer, purchaseId, sessionId } = await cardOrder();
    const event = paymentSessionEvent(w.fake, sessionId);
    const first = await w.send(event).expect(200);
    expect(first.body).toEqual({ received: true, outcome: "applied" });
    const replays = await Promise.all([w.send(event), w.send(event)]);
    for (const r of replays) expect(r.body).toEqual({ received: true, outcome: "duplicate" });
    // another event about the same session (an async-payment confirmation) issues nothing more either
    await w
      .send(paymentSessionEvent(w.fake, sessionId, { type: "checkout.session.async_payment_succeeded" }))
      .expect(200);

    const cards = await cardsOf(purchaseId);
    expect(cards).toHaveLength(2);
    expect(cards.every((c) => c.denominationMinor === 5000 && c.currency === "GHS" && c.design === "festive")).toBe(
      true,
    );
    const shown = await buyer.agent.get(`/api/gift-cards/purchases/${purchaseId}`).expect(200);
    expect(shown.body.status).toBe("paid");
    expect(shown.body.cards).toHaveLength(2);
    const again = await buyer.agent.get(`/api/gift-cards/purchases/${purchaseId}`).expect(200);
    expect(again.body.cards).toBeUndefined();
    const audited = await w.t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `gift-card-purchase:${purchaseId}`));
    expect(audited.map((a) => a.action)).toEqual(["gift_card_card_payment_paid"]);
  });

  it("issues nothing when the amount or the currency paid is not the order's, and fails the order", async () => {
    for (const wrong of [{ amountTotal: 100 }, { currency: "usd" }]) {
      const { buyer, purchaseId, sessionId } = await cardOrder({ ...ORDER, quantity: 1 });
      await w.send(paymentSessionEvent(w.fake, sessionId, wrong)).expect(200);
      expect(await cardsOf(purchaseId), JSON.stringify(wrong)).toEqual([]);
      expect((await orderRow(purchaseId)).status).toBe("failed");
      // the right payment arriving afterwards cannot revive a failed card order
      await w.send(paymentSessionEvent(w.fake, sessionId)).expect(200);
      expect(await cardsOf(purchaseId)).toEqual([]);
      const read = await buyer.agent.get(`/api/gift-cards/purchases/${purchaseId}`).expect(200);
      expect(read.body).toMatchObject({ status: "failed" });
      expect(read.body.cards).toBeUndefined();
    }
  });

  it("waits while Stripe says unpaid, and fails the order when the session expires", async () => {
    const { purchaseId, sessionId } = await cardOrder({ ...ORDER, quantity: 1 });
    await w.send(paymentSessionEvent(w.fake, sessionId, { paymentStatus: "unpaid" })).expect(200);
    expect((await orderRow(purchaseId)).status).toBe("awaiting_payment");
    await w.send(paymentSessionEvent(w.fake, sessionId, { type: "checkout.session.expired" })).expect(200);
    expect((await orderRow(purchaseId)).status).toBe("failed");
    expect(await cardsOf(purchaseId)).toEqual([]);
  });

  it("ignores an event whose session is not the one stored for the order it names", async () => {
    const victim = await cardOrder({ ...ORDER, quantity: 1 });
    const other = await cardOrder({ ...ORDER, quantity: 1 });
    const event = paymentSessionEvent(w.fake, other.sessionId);
    // the other order's session, claiming to pay the victim's order
    event.object.metadata = {
      ...event.object.metadata,
      purchaseId: String(victim.purchaseId),
      userId: String(victim.buyer.user.id),
    };
    expect((await w.send(event).expect(200)).body.outcome).toBe("ignored");
    expect(await cardsOf(victim.purchaseId)).toEqual([]);
    expect(await cardsOf(other.purchaseId)).toEqual([]);
  });

  it("answers 404 for another user's order, and the test-mode card step is refused with Stripe configured", async () => {
    const { buyer, purchaseId } = await cardOrder({ ...ORDER, quantity: 1 });
    const stranger = await w.t.signUp();
    expect((await stranger.agent.get(`/api/gift-cards/purchases/${purchaseId}`)).status).toBe(404);
    expect((await buyer.agent.post(`/api/gift-cards/purchases/${purchaseId}/test-card/confirm`)).status).toBe(404);
    expect(await cardsOf(purchaseId)).toEqual([]);
    expect((await orderRow(purchaseId)).status).toBe("awaiting_payment");
  });
});
