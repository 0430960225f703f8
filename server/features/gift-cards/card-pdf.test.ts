import type { Response } from "superagent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import { pdfText } from "../../test/helpers";

/**
 * The printable gift card: the buyer's card in its design, value in cedis, recipient, message (Ghanaian letters),
 * masked number, expiry and how to redeem — and never the code, however often it is fetched (docs/decisions/016).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** supertest leaves unknown binary types unparsed; collect the bytes ourselves. */
function binary(res: Response, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => cb(null, Buffer.concat(chunks)));
}

const ORDER = {
  cardType: "physical",
  denomination: 75.5,
  quantity: 1,
  recipientName: "Ɛsi Ŋkansah Ɔwusu",
  recipientPhone: "024 555 0101",
  personalMessage: "Afehyia pa! Mo ne Ɔdɔ ɛ ŋ — for your plan.",
  deliveryMethod: "physical_mail",
  physicalAddress: {
    name: "Ɛsi Ŋkansah",
    address: "12 Asafo Rd",
    city: "Kumasi",
    region: "Ashanti",
    phone: "+233245550101",
  },
  design: "festive",
  paymentMethod: "card",
};

/** A card bought and paid through the test-mode card step; answers the buyer, the card's id and its number/code. */
async function boughtCard(body: Record<string, unknown> = ORDER) {
  const buyer = await t.signUp({ firstName: "Kwabena", lastName: "Ɔsɛi" });
  const order = await buyer.agent.post("/api/gift-cards/purchase").send(body).expect(201);
  const purchaseId = order.body.purchase.id as number;
  await buyer.agent.post(`/api/gift-cards/purchases/${purchaseId}/test-card/confirm`).expect(200);
  const [issued] = (await buyer.agent.get(`/api/gift-cards/purchases/${purchaseId}`).expect(200)).body.cards as {
    cardNumber: string;
    code: string;
  }[];
  const [card] = (await buyer.agent.get("/api/gift-cards").expect(200)).body as { id: number }[];
  return { buyer, cardId: card.id, issued };
}

describe("GET /api/gift-cards/:id/card.pdf", () => {
  it("prints the card: design, GHS value, recipient, message with Ghanaian letters, masked number, expiry, how to redeem", async () => {
    const { buyer, cardId, issued } = await boughtCard();
    const res = await buyer.agent.get(`/api/gift-cards/${cardId}/card.pdf`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="heirloom-gift-card-${issued.cardNumber.slice(-4)}.pdf"; filename*=UTF-8''heirloom-gift-card-${issued.cardNumber.slice(-4)}.pdf`,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(pdf);
    expect(text).toContain("HEIRLOOM");
    expect(text).toContain("GIFT CARD · AFEHYIA PA!");
    expect(text).toContain("GHS 75.50");
    expect(text).toContain("For Ɛsi Ŋkansah Ɔwusu");
    expect(text).toContain("From Kwabena Ɔsɛi");
    expect(text).toContain("Afehyia pa! Mo ne Ɔdɔ ɛ ŋ — for your plan.");
    expect(text).toContain(`•••• •••• •••• ${issued.cardNumber.slice(-4)}`);
    expect(text).toContain("VALID UNTIL");
    expect(text).toMatch(/Valid until \d{1,2} \w+ \d{4}/);
    expect(text).toContain("Design Festive");
    expect(text).toContain("Go to http://heirloom.test/gift-cards and sign in");
    expect(text).toContain("Redemption code");
    // the code is shown once and stored hashed: no fetch of the printable card carries it, nor the full number
    const bare = issued.code.replaceAll("-", "");
    expect(text).not.toContain(issued.code);
    expect(text.replace(/\s/g, "")).not.toContain(bare);
    expect(text).not.toContain(issued.cardNumber);
    expect(pdf.toString("latin1")).not.toMatch(/\/JavaScript|\/URI|\/Launch|\/Subtype\s*\/Image/);
  });

  it("draws each design in its own colours and words", async () => {
    const taglines = {
      classic: "WITH LOVE",
      modern: "A GIFT FOR THE FUTURE",
      festive: "AFEHYIA PA!",
      memorial: "IN LOVING MEMORY",
    };
    const bodies = new Set<string>();
    for (const [design, tagline] of Object.entries(taglines)) {
      const { buyer, cardId } = await boughtCard({ ...ORDER, design, personalMessage: "" });
      const res = await buyer.agent.get(`/api/gift-cards/${cardId}/card.pdf`).buffer(true).parse(binary);
      expect(res.status).toBe(200);
      const text = await pdfText(res.body as Buffer);
      expect(text, design).toContain(`GIFT CARD · ${tagline}`);
      expect(text).not.toContain("A message for you");
      bodies.add(text.split("Design ")[1]?.split(/\s/)[0] ?? "");
    }
    expect([...bodies].sort()).toEqual(["Classic", "Festive", "Memorial", "Modern"]);
  });

  it("still prints a redeemed card, saying so, and still without a code", async () => {
    const { buyer, cardId, issued } = await boughtCard();
    const friend = await t.signUp();
    await friend.agent.post("/api/gift-cards/redeem").send({ code: issued.code }).expect(200);
    const res = await buyer.agent.get(`/api/gift-cards/${cardId}/card.pdf`).buffer(true).parse(binary);
    const text = await pdfText(res.body as Buffer);
    expect(text).toMatch(/This card was redeemed on \d{1,2} \w+ \d{4}\./);
    expect(text).not.toContain(issued.code);
  });

  it("answers 404 to anyone but the buyer — the redeemer included — and for a missing or malformed id (IDOR-09)", async () => {
    const { buyer, cardId, issued } = await boughtCard();
    const stranger = await t.signUp();
    const foreign = await stranger.agent.get(`/api/gift-cards/${cardId}/card.pdf`);
    expect(foreign.status).toBe(404);
    expect(foreign.headers["content-type"]).toMatch(/^application\/json/);
    await stranger.agent.post("/api/gift-cards/redeem").send({ code: issued.code }).expect(200);
    expect((await stranger.agent.get(`/api/gift-cards/${cardId}/card.pdf`)).status).toBe(404);
    const missing = await buyer.agent.get("/api/gift-cards/2147483000/card.pdf");
    expect(missing.status).toBe(404);
    expect(foreign.text).toBe(missing.text);
    expect((await buyer.agent.get("/api/gift-cards/abc/card.pdf")).status).toBe(404);
    expect((await t.request().get(`/api/gift-cards/${cardId}/card.pdf`)).status).toBe(401);
  });
});
