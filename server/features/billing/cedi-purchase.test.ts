import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountCredits, agentEarnings, momoPayments, notifications } from "@shared/schema";
import { GHANA_PHONE_MESSAGE, MOMO_NETWORK_MESSAGE } from "@shared/validators/mobile-money";
import { startTestApp, type TestApp } from "../../test/harness";
import { linkedClient, signUpAgent } from "../agents/agents.test-support";
import { MOMO_PAYMENT_TIMEOUT_MS } from "../mobile-money/momo.service";
import { CREDIT_GONE_MESSAGE } from "./cedi-purchase";
import { bundlesOf, giveCredit as giveCreditVia, MOMO_PAYER, userRow } from "./billing.test-support";

/**
 * Issue 19 / decision 017: plans and storage in cedis — mobile money for plan months and storage, granted only in the
 * payment's confirming transaction and once (PAY-06); account credit spent first, only when a purchase is confirmed,
 * never below zero.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type Signed = Awaited<ReturnType<TestApp["signUp"]>>;
const MOMO = MOMO_PAYER;

const rowOf = async (reference: string) =>
  (await t.db.select().from(momoPayments).where(eq(momoPayments.reference, reference)))[0];
const ledgerOf = (userId: number) =>
  t.db.select().from(accountCredits).where(eq(accountCredits.userId, userId)).orderBy(accountCredits.id);
const balanceOf = async (who: Signed) => (await who.agent.get("/api/account-credit").expect(200)).body.balance.amount;
const approve = (who: Signed, reference: string) => who.agent.post(`/api/payments/momo/test/${reference}/approve`);

const giveCredit = (who: Signed, cedis: number) => giveCreditVia(t, who, cedis);

describe("plans and storage by mobile money", () => {
  it("a plan: the GHS price is requested, nothing changes until approval, then the plan is granted once", async () => {
    const payer = await t.signUp();
    const res = await payer.agent.post("/api/upgrade-plan").send({ planId: "basic_premium", ...MOMO });
    expect(res.status, res.text).toBe(200);
    expect(res.body.payment).toMatchObject({
      status: "pending",
      amount: "250.00",
      currency: "GHS",
      testMode: true,
      phone: "+233 ••• ••4567",
    });
    const { reference } = res.body.payment;
    expect((await userRow(t.db, payer.user.id)).plan).toBe("free");
    expect((await bundlesOf(t.db, payer.user.id)).map((b) => b.status)).toEqual(["pending"]);

    await approve(payer, reference).expect(200);
    const user = await userRow(t.db, payer.user.id);
    expect(user).toMatchObject({ plan: "basic_premium", cancelAtPeriodEnd: true });
    expect(user.planRenewsAt?.getTime()).toBe(t.clock.now().getTime() + 30 * 24 * 3600 * 1000);
    const [bundle] = await bundlesOf(t.db, payer.user.id);
    expect(bundle).toMatchObject({ status: "paid", category: "plan", price: "19.99" });
    expect(bundle.metadata).toMatchObject({ provider: "momo", currency: "GHS", amountMinor: 25000, creditMinor: 0 });

    // a second answer, a callback and a reconciliation run change nothing more
    expect((await payer.agent.post(`/api/payments/momo/test/${reference}/decline`)).status).toBe(409);
    await t.request().post(`/api/payments/momo/callback/${reference}`).send({}).expect(200);
    await t.tick();
    expect(await bundlesOf(t.db, payer.user.id)).toHaveLength(1);
    const history = await payer.agent.get("/api/billing/history").expect(200);
    expect(history.body[0]).toMatchObject({
      status: "paid",
      price: "19.99",
      paid: { currency: "GHS", amount: "250.00", credit: "0.00", mobileMoney: "250.00" },
    });
  });

  it("a plan period paid by mobile money ends unless paid again; paying again before it ends adds the next 30 days", async () => {
    const DAY = 24 * 3600 * 1000;
    const payer = await t.signUp();
    const first = await payer.agent.post("/api/upgrade-plan").send({ planId: "basic_premium", ...MOMO });
    await approve(payer, first.body.payment.reference).expect(200);
    const start = t.clock.now().getTime();
    const again = await payer.agent.post("/api/upgrade-plan").send({ planId: "basic_premium", ...MOMO });
    expect(again.body.payment.amount).toBe("250.00");
    await approve(payer, again.body.payment.reference).expect(200);
    const user = await userRow(t.db, payer.user.id);
    expect(user).toMatchObject({ plan: "basic_premium", cancelAtPeriodEnd: true });
    expect(user.planRenewsAt?.getTime()).toBe(start + 60 * DAY);
    expect((await bundlesOf(t.db, payer.user.id)).map((b) => b.status)).toEqual(["paid", "paid"]);
    // a plan on the (test-mode) card runs on by itself: paying it again by mobile money is refused
    const carded = await t.signUp();
    await carded.agent.post("/api/upgrade-plan").send({ planId: "basic_premium" }).expect(200);
    const twice = await carded.agent.post("/api/upgrade-plan").send({ planId: "basic_premium", ...MOMO });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("You are already on the Basic Premium plan.");
  });

  it("storage: 12 GB costs 12 × GHS 25.00; a decline grants nothing and the purchase expires", async () => {
    const payer = await t.signUp();
    const res = await payer.agent.post("/api/purchase-storage").send({ storageGB: 12, ...MOMO });
    expect(res.body.payment).toMatchObject({ amount: "300.00", currency: "GHS" });
    const declined = await payer.agent.post(`/api/payments/momo/test/${res.body.payment.reference}/decline`);
    expect(declined.body).toMatchObject({ status: "failed", failureReason: "Declined by the payer" });
    expect((await userRow(t.db, payer.user.id)).additionalStorageGb).toBe(0);
    expect((await bundlesOf(t.db, payer.user.id)).map((b) => b.status)).toEqual(["expired"]);
  });

  it("storage approved: the extra GB and the storage limit are granted once", async () => {
    const payer = await t.signUp();
    const res = await payer.agent.post("/api/purchase-storage").send({ storageGB: 1, ...MOMO });
    expect(res.body.payment.amount).toBe("37.50");
    await approve(payer, res.body.payment.reference).expect(200);
    await t.request().put(`/api/payments/momo/callback/${res.body.payment.reference}`).send({}).expect(200);
    const user = await userRow(t.db, payer.user.id);
    expect(user.additionalStorageGb).toBe(1);
    expect(user.storageLimit).toBe((10 + 1024) * 1024 * 1024);
  });

  it("no answer: the payment expires and nothing is granted; a late success after expiry still grants it, once", async () => {
    const payer = await t.signUp();
    const res = await payer.agent.post("/api/purchase-storage").send({ storageGB: 2, ...MOMO });
    const { reference } = res.body.payment;
    t.clock.advance(MOMO_PAYMENT_TIMEOUT_MS);
    await t.tick();
    expect((await rowOf(reference)).status).toBe("expired");
    expect((await bundlesOf(t.db, payer.user.id)).map((b) => b.status)).toEqual(["expired"]);
    expect((await userRow(t.db, payer.user.id)).additionalStorageGb).toBe(0);
    // the payer approved on their phone after all (the provider now says SUCCESSFUL); its callback is the hint
    await t.db.update(momoPayments).set({ testAnswer: "approved" }).where(eq(momoPayments.reference, reference));
    for (let i = 0; i < 2; i++) {
      await t.request().post(`/api/payments/momo/callback/${reference}`).send({}).expect(200);
    }
    expect((await rowOf(reference)).status).toBe("successful");
    expect((await userRow(t.db, payer.user.id)).additionalStorageGb).toBe(2);
    expect((await bundlesOf(t.db, payer.user.id)).map((b) => b.status)).toEqual(["paid"]);
  });

  it("answers 404 for another user's payment reference and changes nothing (IDOR)", async () => {
    const payer = await t.signUp();
    const res = await payer.agent.post("/api/upgrade-plan").send({ planId: "advanced_premium", ...MOMO });
    expect(res.body.payment.amount).toBe("375.00");
    const other = await t.signUp();
    const { reference } = res.body.payment;
    expect((await other.agent.get(`/api/payments/momo/${reference}`)).status).toBe(404);
    expect((await approve(other, reference)).status).toBe(404);
    expect((await rowOf(reference)).status).toBe("pending");
    expect((await userRow(t.db, payer.user.id)).plan).toBe("free");
    expect((await userRow(t.db, other.user.id)).plan).toBe("free");
  });

  it("refuses a missing or malformed payer number and an unknown network with the spec's messages, recording nothing", async () => {
    const payer = await t.signUp();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ payerPhone: undefined }, "payerPhone", GHANA_PHONE_MESSAGE],
      [{ payerPhone: "+23324123456" }, "payerPhone", GHANA_PHONE_MESSAGE], // 8 digits
      [{ payerPhone: "+2332412345678" }, "payerPhone", GHANA_PHONE_MESSAGE], // 10 digits
      [{ payerPhone: "0241234567" }, "payerPhone", GHANA_PHONE_MESSAGE],
      [{ mobileMoneyNetwork: undefined }, "mobileMoneyNetwork", MOMO_NETWORK_MESSAGE],
      [{ mobileMoneyNetwork: "Orange" }, "mobileMoneyNetwork", MOMO_NETWORK_MESSAGE],
    ];
    for (const [change, path, message] of cases) {
      for (const [url, body] of [
        ["/api/upgrade-plan", { planId: "basic_premium" }],
        ["/api/purchase-storage", { storageGB: 1 }],
      ] as const) {
        const res = await payer.agent.post(url).send({ ...body, ...MOMO, ...change });
        expect(res.status, `${url} ${JSON.stringify(change)}`).toBe(400);
        expect(res.body.errors).toContainEqual({ path, message });
      }
    }
    // the bounds that pass: +233 and exactly nine digits, each network
    for (const network of ["MTN", "Vodafone", "AirtelTigo", "Glo"]) {
      const res = await payer.agent
        .post("/api/purchase-storage")
        .send({ storageGB: 1, ...MOMO, mobileMoneyNetwork: network, payerPhone: "+233201234567" });
      expect(res.status, network).toBe(200);
    }
    expect((await bundlesOf(t.db, payer.user.id)).map((b) => b.status)).toEqual([
      "pending",
      "pending",
      "pending",
      "pending",
    ]);
  });

  it("a linked client's plan paid by mobile money earns their agent the commission, once, on approval", async () => {
    const agent = await signUpAgent(t, { rate: "10.00" });
    const client = await linkedClient(t, agent);
    const res = await client.agent.post("/api/upgrade-plan").send({ planId: "advanced_premium", ...MOMO });
    const earnings = () => t.db.select().from(agentEarnings).where(eq(agentEarnings.clientId, client.user.id));
    expect(await earnings()).toEqual([]);
    await approve(client, res.body.payment.reference).expect(200);
    await t.request().post(`/api/payments/momo/callback/${res.body.payment.reference}`).send({}).expect(200);
    const [bundle] = await bundlesOf(t.db, client.user.id);
    expect((await earnings()).map((e) => [e.agentId, e.transactionType, e.transactionId, e.amount])).toEqual([
      [agent.user.id, "bundle", String(bundle.id), "29.99"],
    ]);
  });
});

describe("account credit pays first", () => {
  it("credit fully covering a purchase completes it at once and shows in the ledger", async () => {
    const user = await t.signUp();
    await giveCredit(user, 500);
    const res = await user.agent.post("/api/purchase-storage").send({ storageGB: 10 });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ applied: true, user: { plan: "free" } });
    expect((await userRow(t.db, user.user.id)).additionalStorageGb).toBe(10);
    expect(await balanceOf(user)).toBe("250.00");
    const credit = await user.agent.get("/api/account-credit?limit=1").expect(200);
    expect(credit.headers["x-total-count"]).toBe("2");
    expect(credit.body.entries).toEqual([
      expect.objectContaining({
        amount: "-250.00",
        reason: "purchase",
        description: "Paid: Additional storage: 10 GB",
      }),
    ]);
    const older = await user.agent.get("/api/account-credit?limit=1&offset=1").expect(200);
    expect(older.body.entries).toEqual([
      expect.objectContaining({ amount: "500.00", description: "Gift card redeemed" }),
    ]);
    const [bundle] = await bundlesOf(t.db, user.user.id);
    expect(bundle).toMatchObject({ status: "paid", price: "19.90" });
    expect(bundle.metadata).toMatchObject({ provider: "credit", amountMinor: 25000, creditMinor: 25000, momoMinor: 0 });
    // nobody else sees this ledger
    const other = await t.signUp();
    const theirs = await other.agent.get("/api/account-credit").expect(200);
    expect(theirs.body).toEqual({ balance: { amount: "0.00", currency: "GHS" }, entries: [] });
    expect(theirs.headers["x-total-count"]).toBe("0");
  });

  it("credit partly covering: mobile money is asked for the rest; the credit is spent only on approval", async () => {
    const user = await t.signUp();
    await giveCredit(user, 100);
    const res = await user.agent.post("/api/upgrade-plan").send({ planId: "basic_premium", ...MOMO });
    expect(res.body.payment).toMatchObject({ amount: "150.00", currency: "GHS" });
    expect(await balanceOf(user)).toBe("100.00");
    const approved = await approve(user, res.body.payment.reference).expect(200);
    expect(approved.body).toMatchObject({ status: "successful", creditedInstead: false });
    expect(await balanceOf(user)).toBe("0.00");
    expect((await userRow(t.db, user.user.id)).plan).toBe("basic_premium");
    const history = await user.agent.get("/api/billing/history").expect(200);
    expect(history.body[0].paid).toEqual({
      currency: "GHS",
      amount: "250.00",
      credit: "100.00",
      mobileMoney: "150.00",
    });
  });

  it("a declined or expired remainder takes no credit", async () => {
    const user = await t.signUp();
    await giveCredit(user, 20);
    const declined = await user.agent.post("/api/purchase-storage").send({ storageGB: 1, ...MOMO });
    expect(declined.body.payment.amount).toBe("17.50");
    await user.agent.post(`/api/payments/momo/test/${declined.body.payment.reference}/decline`).expect(200);
    const expiring = await user.agent.post("/api/purchase-storage").send({ storageGB: 1, ...MOMO });
    t.clock.advance(MOMO_PAYMENT_TIMEOUT_MS);
    await t.tick();
    expect((await rowOf(expiring.body.payment.reference)).status).toBe("expired");
    // (half an hour later the session has timed out: the ledger is read directly)
    expect((await ledgerOf(user.user.id)).map((e) => e.amountMinor)).toEqual([2000]);
    expect((await bundlesOf(t.db, user.user.id)).map((b) => b.status)).toEqual(["expired", "expired"]);
  });

  it("if the credit was spent elsewhere before the remainder is approved, nothing is granted and the payment becomes credit", async () => {
    const user = await t.signUp();
    await giveCredit(user, 100);
    const plan = await user.agent.post("/api/upgrade-plan").send({ planId: "basic_premium", ...MOMO });
    expect(plan.body.payment.amount).toBe("150.00");
    // meanwhile 2 GB of storage (GHS 75.00) is paid from the same credit
    expect((await user.agent.post("/api/purchase-storage").send({ storageGB: 2 })).body.applied).toBe(true);
    expect(await balanceOf(user)).toBe("25.00");
    const approved = await approve(user, plan.body.payment.reference).expect(200);
    // the payer's screen learns where the money went: to the account credit, not the plan
    expect(approved.body).toMatchObject({ status: "successful", creditedInstead: true });
    const shown = await user.agent.get(`/api/payments/momo/${plan.body.payment.reference}`).expect(200);
    expect(shown.body.creditedInstead).toBe(true);
    expect((await userRow(t.db, user.user.id)).plan).toBe("free");
    expect(await balanceOf(user)).toBe("175.00");
    const bundles = await bundlesOf(t.db, user.user.id);
    expect(bundles.map((b) => [b.category, b.status])).toEqual([
      ["plan", "canceled"],
      ["storage", "paid"],
    ]);
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.user.id), eq(notifications.kind, "billing_unapplied")));
    expect(note.body).toContain(CREDIT_GONE_MESSAGE);
    expect(note.body).toContain("GHS 150.00 you paid by mobile money was added to your account credit");
  });

  it("two parallel purchases spending the same credit: one is paid by it in full, the other pays its whole price", async () => {
    const user = await t.signUp();
    await giveCredit(user, 75);
    const [a, b] = await Promise.all([
      user.agent.post("/api/purchase-storage").send({ storageGB: 2, ...MOMO }),
      user.agent.post("/api/purchase-storage").send({ storageGB: 2, ...MOMO }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const answers = [a.body, b.body];
    expect(answers.filter((x) => x.applied === true)).toHaveLength(1);
    expect(answers.filter((x) => x.payment).map((x) => x.payment.amount)).toEqual(["75.00"]);
    expect(await balanceOf(user)).toBe("0.00");
    expect((await ledgerOf(user.user.id)).map((e) => e.amountMinor)).toEqual([7500, -7500]);
    // the second one approved: paid by mobile money alone, the credit stays at zero
    const pending = answers.find((x) => x.payment)!;
    await approve(user, pending.payment.reference).expect(200);
    expect((await userRow(t.db, user.user.id)).additionalStorageGb).toBe(4);
    expect(await balanceOf(user)).toBe("0.00");
  });

  it("two parallel remainders counting on the same credit: the first approved spends it, the second becomes credit", async () => {
    const user = await t.signUp();
    await giveCredit(user, 50);
    const [a, b] = await Promise.all([
      user.agent.post("/api/purchase-storage").send({ storageGB: 2, ...MOMO }),
      user.agent.post("/api/purchase-storage").send({ storageGB: 2, ...MOMO }),
    ]);
    expect([a.body.payment.amount, b.body.payment.amount]).toEqual(["25.00", "25.00"]);
    await Promise.all([approve(user, a.body.payment.reference), approve(user, b.body.payment.reference)]);
    expect((await userRow(t.db, user.user.id)).additionalStorageGb).toBe(2);
    expect(await balanceOf(user)).toBe("25.00");
    const amounts = (await ledgerOf(user.user.id)).map((e) => e.amountMinor);
    expect(amounts.sort((x, y) => x - y)).toEqual([-5000, 2500, 5000]);
  });
});
