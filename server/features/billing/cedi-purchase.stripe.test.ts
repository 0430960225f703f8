import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeWorld, type StripeWorld } from "../../test/fakes/stripe-world";
import { CARD_REMAINDER_MESSAGE } from "./cedi-purchase";
import { bundlesOf, giveCredit, MOMO_PAYER, userRow } from "./billing.test-support";

/** Decision 017 with Stripe configured: credit in cedis pays first; a card cannot take a cedi remainder. */
let w: StripeWorld;
beforeAll(async () => {
  w = await startStripeWorld();
});
afterAll(async () => {
  await w?.close();
});

describe("account credit with Stripe payments", () => {
  it("credit covering a purchase completes it at once, with no Checkout", async () => {
    const user = await w.t.signUp();
    await giveCredit(w.t, user, 100);
    const res = await user.agent.post("/api/purchase-storage").send({ storageGB: 2 });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ applied: true });
    expect((await userRow(w.t.db, user.user.id)).additionalStorageGb).toBe(2);
  });

  it("credit covering part: a card is refused with what to do; mobile money is asked for the rest", async () => {
    const user = await w.t.signUp();
    await giveCredit(w.t, user, 50);
    const card = await user.agent.post("/api/purchase-storage").send({ storageGB: 2 });
    expect(card.status).toBe(409);
    expect(card.body.message).toBe(CARD_REMAINDER_MESSAGE);
    expect(await bundlesOf(w.t.db, user.user.id)).toEqual([]);
    const momo = await user.agent.post("/api/upgrade-plan").send({ planId: "basic_premium", ...MOMO_PAYER });
    expect(momo.status, momo.text).toBe(200);
    expect(momo.body.payment).toMatchObject({ amount: "200.00", currency: "GHS" });
    await user.agent.post(`/api/payments/momo/test/${momo.body.payment.reference}/approve`).expect(200);
    expect(await userRow(w.t.db, user.user.id)).toMatchObject({ plan: "basic_premium", cancelAtPeriodEnd: true });
  });
});
