import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountCredits, giftCardPurchases, prepaidCards } from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";
import { isValidCardNumber } from "./card-codes";

/**
 * Gift cards end to end through the API in mobile-money test mode: an order waits for its payment; cards exist only
 * once it is confirmed; the buyer sees the codes once; the recipient gets theirs through the outbox; a code is
 * redeemed once into account credit (RACE-05); nobody else sees an order (IDOR-09).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The SMS files the outbox's file sink wrote to `to`. */
function textsTo(to: string): string[] {
  const dir = path.join(t.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sms.txt"))
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .filter((body) => body.includes(`To: ${to}\n`));
}

const ORDER = {
  cardType: "virtual",
  denomination: 50,
  quantity: 2,
  recipientName: "Esi Owusu",
  recipientPhone: "024 555 0101",
  personalMessage: "Akwaaba! For your plan.",
  deliveryMethod: "sms",
  design: "festive",
  paymentMethod: "mobile_money",
  mobileMoneyNetwork: "MTN",
  payerPhone: "+233 24 123 4567",
};

async function paidOrder(body: Record<string, unknown> = ORDER) {
  const buyer = await t.signUp({ verified: true });
  const res = await buyer.agent.post("/api/gift-cards/purchase").send(body);
  expect(res.status, res.text).toBe(201);
  const { purchase, payment } = res.body as { purchase: { id: number }; payment: { reference: string } };
  await buyer.agent.post(`/api/payments/momo/test/${payment.reference}/approve`).expect(200);
  return { buyer, purchaseId: purchase.id, reference: payment.reference };
}

describe("buying gift cards", () => {
  it("answers 201 awaiting payment with the total in cedis, and issues nothing before the payment", async () => {
    const { agent } = await t.signUp();
    const res = await agent.post("/api/gift-cards/purchase").send({
      ...ORDER,
      cardType: "physical",
      deliveryMethod: "physical_mail",
      physicalAddress: {
        name: "Esi Owusu",
        address: "12 Asafo Rd",
        city: "Kumasi",
        region: "Ashanti",
        phone: "+233245550101",
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.purchase).toMatchObject({
      status: "awaiting_payment",
      total: "105.00",
      shipping: "5.00",
      currency: "GHS",
    });
    expect(res.body.payment).toMatchObject({
      status: "pending",
      amount: "105.00",
      testMode: true,
      phone: "+233 ••• ••4567",
    });
    const cards = await t.db.select().from(prepaidCards).where(eq(prepaidCards.purchaseId, res.body.purchase.id));
    expect(cards).toEqual([]);
    // the recipient's number, the message and the address are ciphertext at rest
    const [row] = await t.db.select().from(giftCardPurchases).where(eq(giftCardPurchases.id, res.body.purchase.id));
    expect(JSON.stringify(row)).not.toMatch(/5550101|Akwaaba|Asafo/);
  });

  it("refuses each bound with the spec's message and records nothing", async () => {
    const { agent } = await t.signUp();
    const cases: [Record<string, unknown>, string][] = [
      [{ denomination: 9 }, "Minimum amount is GHS 10"],
      [{ denomination: 1001 }, "Maximum amount is GHS 1000"],
      [{ denomination: "lots" }, "Minimum amount is GHS 10"],
      [{ quantity: 0 }, "Minimum quantity is 1"],
      [{ quantity: 11 }, "Maximum quantity is 10"],
      [{ recipientName: "E" }, "Recipient name is required"],
      [{ recipientPhone: "024555" }, "Valid phone number is required"],
      [{ personalMessage: "x".repeat(201) }, "Message must be under 200 characters"],
      [{ deliveryMethod: "physical_mail" }, "Physical mail delivery is only for physical cards"],
      [{ payerPhone: "0241234567" }, "Invalid Ghana phone number format"],
    ];
    const before = (await t.db.select().from(giftCardPurchases)).length;
    for (const [change, message] of cases) {
      const res = await agent.post("/api/gift-cards/purchase").send({ ...ORDER, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(change)).toContain(message);
    }
    expect((await t.db.select().from(giftCardPurchases)).length).toBe(before);
  });

  it("once paid: cards with valid numbers, the codes shown to the buyer once, and each code texted to the recipient", async () => {
    const { buyer, purchaseId } = await paidOrder();
    const first = await buyer.agent.get(`/api/gift-cards/purchases/${purchaseId}`).expect(200);
    expect(first.body.status).toBe("paid");
    const cards = first.body.cards as { cardNumber: string; code: string }[];
    expect(cards).toHaveLength(2);
    for (const c of cards) {
      expect(isValidCardNumber(c.cardNumber)).toBe(true);
      // 16 Crockford base32 characters (80 bits) in four groups
      const groups = c.code.split("-");
      expect(groups).toHaveLength(4);
      for (const g of groups) expect(g).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}$/);
    }
    const again = await buyer.agent.get(`/api/gift-cards/purchases/${purchaseId}`).expect(200);
    expect(again.body.cards).toBeUndefined();

    const stored = await t.db.select().from(prepaidCards).where(eq(prepaidCards.purchaseId, purchaseId));
    expect(JSON.stringify(stored)).not.toContain(cards[0].code);
    const list = await buyer.agent.get("/api/gift-cards").expect(200);
    expect(list.body.map((c: { cardNumber: string }) => c.cardNumber).sort()).toEqual(
      cards.map((c) => `•••• •••• •••• ${c.cardNumber.slice(-4)}`).sort(),
    );
    expect(JSON.stringify(list.body)).not.toContain(cards[0].code);

    await t.deliverOutbox();
    const texts = textsTo("+233245550101");
    expect(texts).toHaveLength(2);
    for (const c of cards) expect(texts.some((body) => body.includes(c.code))).toBe(true);
    expect(texts[0]).toContain("sent you a Heirloom gift card worth GHS 50.00");
    expect(texts[0]).toContain("Akwaaba! For your plan.");
  });

  it("answers 404 for another user's order and shows them none of its cards (IDOR-09)", async () => {
    const { purchaseId } = await paidOrder();
    const other = (await t.signUp()).agent;
    expect((await other.get(`/api/gift-cards/purchases/${purchaseId}`)).status).toBe(404);
    expect((await other.get("/api/gift-cards").expect(200)).body).toEqual([]);
  });
});

describe("redeeming a code", () => {
  it("credits the value once; the same code again is 409; an unknown one 404", async () => {
    const { buyer, purchaseId } = await paidOrder({ ...ORDER, quantity: 1, denomination: 75.5 });
    const [card] = (await buyer.agent.get(`/api/gift-cards/purchases/${purchaseId}`)).body.cards;
    const friend = await t.signUp();
    const res = await friend.agent
      .post("/api/gift-cards/redeem")
      .send({ code: card.code.toLowerCase().replaceAll("-", " ") });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      credited: { amount: "75.50", currency: "GHS" },
      balance: { amount: "75.50", currency: "GHS" },
    });
    const again = await friend.agent.post("/api/gift-cards/redeem").send({ code: card.code });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This gift card has already been redeemed.");
    expect((await friend.agent.post("/api/gift-cards/redeem").send({ code: "AAAA-BBBB-CCCC-DDDD" })).status).toBe(404);
    const credit = await friend.agent.get("/api/account-credit").expect(200);
    expect(credit.body.balance).toEqual({ amount: "75.50", currency: "GHS" });
    expect(credit.body.entries).toHaveLength(1);
  });

  it("ten parallel redemptions of one code: exactly one succeeds and the value is credited once (RACE-05)", async () => {
    const { buyer, purchaseId } = await paidOrder({ ...ORDER, quantity: 1 });
    const [card] = (await buyer.agent.get(`/api/gift-cards/purchases/${purchaseId}`)).body.cards;
    const people = await Promise.all(Array.from({ length: 10 }, () => t.signUp()));
    const answers = await Promise.all(
      people.map((p) => p.agent.post("/api/gift-cards/redeem").send({ code: card.code })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const [row] = await t.db.select().from(prepaidCards).where(eq(prepaidCards.purchaseId, purchaseId));
    const credits = await t.db.select().from(accountCredits).where(eq(accountCredits.cardId, row.id));
    expect(credits).toHaveLength(1);
    expect(credits[0].amountMinor).toBe(5000);
  });

  it("an expired card cannot be redeemed (404), and the job marks it expired", async () => {
    const { buyer, purchaseId } = await paidOrder({ ...ORDER, quantity: 1 });
    const [card] = (await buyer.agent.get(`/api/gift-cards/purchases/${purchaseId}`)).body.cards;
    t.clock.advance(731 * 24 * 60 * 60 * 1000);
    const res = await (await t.signUp()).agent.post("/api/gift-cards/redeem").send({ code: card.code });
    expect(res.status).toBe(404);
    await t.tick();
    const [row] = await t.db.select().from(prepaidCards).where(eq(prepaidCards.purchaseId, purchaseId));
    expect(row.status).toBe("expired");
  });
});

describe("paying by card in billing's test mode", () => {
  const CARD_ORDER = {
    ...ORDER,
    quantity: 1,
    paymentMethod: "card",
    mobileMoneyNetwork: undefined,
    payerPhone: undefined,
  };
  const cardsOf = (purchaseId: number) =>
    t.db.select().from(prepaidCards).where(eq(prepaidCards.purchaseId, purchaseId));

  async function cardOrder() {
    const buyer = await t.signUp({ verified: true });
    const res = await buyer.agent.post("/api/gift-cards/purchase").send(CARD_ORDER);
    expect(res.status, res.text).toBe(201);
    return { buyer, res, purchaseId: res.body.purchase.id as number };
  }

  it("answers the test card step (no checkout page, no payer phone needed) and issues nothing before the confirm", async () => {
    const { buyer, res, purchaseId } = await cardOrder();
    expect(res.body.payment).toEqual({
      method: "card",
      reference: res.body.purchase.paymentReference,
      status: "pending",
      amount: "50.00",
      currency: "GHS",
      testMode: true,
      checkoutUrl: null,
    });
    expect(await cardsOf(purchaseId)).toEqual([]);
    const read = await buyer.agent.get(`/api/gift-cards/purchases/${purchaseId}`).expect(200);
    expect(read.body).toMatchObject({ status: "awaiting_payment", paymentMethod: "card" });
    expect(read.body.cards).toBeUndefined();
  });

  it("confirm issues the cards once through the same path as a real payment; a second answer is 409", async () => {
    const { buyer, purchaseId } = await cardOrder();
    const confirmed = await buyer.agent.post(`/api/gift-cards/purchases/${purchaseId}/test-card/confirm`);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toMatchObject({ id: purchaseId, status: "paid" });
    expect(confirmed.body.cards).toBeUndefined();
    const again = await buyer.agent.post(`/api/gift-cards/purchases/${purchaseId}/test-card/confirm`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This payment has already been answered.");
    expect((await buyer.agent.post(`/api/gift-cards/purchases/${purchaseId}/test-card/decline`)).status).toBe(409);
    expect(await cardsOf(purchaseId)).toHaveLength(1);
    const shown = await buyer.agent.get(`/api/gift-cards/purchases/${purchaseId}`).expect(200);
    expect(shown.body.cards).toHaveLength(1);
    await t.deliverOutbox();
    expect(textsTo("+233245550101").some((body) => body.includes(shown.body.cards[0].code))).toBe(true);
  });

  it("decline fails the order and issues nothing", async () => {
    const { buyer, purchaseId } = await cardOrder();
    const declined = await buyer.agent.post(`/api/gift-cards/purchases/${purchaseId}/test-card/decline`).expect(200);
    expect(declined.body.status).toBe("failed");
    expect((await buyer.agent.post(`/api/gift-cards/purchases/${purchaseId}/test-card/confirm`)).status).toBe(409);
    expect(await cardsOf(purchaseId)).toEqual([]);
  });

  it("another user's order is 404 and stays unpaid; a mobile-money order has no card step (409)", async () => {
    const { purchaseId } = await cardOrder();
    const stranger = (await t.signUp()).agent;
    expect((await stranger.post(`/api/gift-cards/purchases/${purchaseId}/test-card/confirm`)).status).toBe(404);
    expect(await cardsOf(purchaseId)).toEqual([]);

    const buyer = await t.signUp();
    const momo = await buyer.agent.post("/api/gift-cards/purchase").send(ORDER).expect(201);
    const res = await buyer.agent.post(`/api/gift-cards/purchases/${momo.body.purchase.id}/test-card/confirm`);
    expect(res.status).toBe(409);
    expect(await cardsOf(momo.body.purchase.id)).toEqual([]);
  });

  it("mobile money still needs its network and payer phone", async () => {
    const { agent } = await t.signUp();
    const res = await agent.post("/api/gift-cards/purchase").send({ ...ORDER, payerPhone: undefined });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("Invalid Ghana phone number format");
  });
});
