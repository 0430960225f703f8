import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentEarnings, agentPayouts, agentProfiles } from "@shared/schema";
import { completed, objectEvent, startStripeWorld, type StripeWorld } from "../../test/fakes/stripe-world";
import { pdfText } from "../../test/helpers";
import { codeNow, enableTwoFactor } from "../../test/two-factor";
import { agentPayoutsTask } from "./payouts-task";

/**
 * Refunds, chargebacks and renewals of a linked client's Stripe payments, through the signed webhook and the fake
 * Stripe API (which links a charge to its invoice through the payment intent's invoice payment, as Stripe does).
 */
let w: StripeWorld;
beforeAll(async () => {
  w = await startStripeWorld();
});
afterAll(async () => {
  await w?.close();
});

type Client = Awaited<ReturnType<StripeWorld["t"]["signUp"]>>;

/** An agent (Professional through Stripe's checkout) and a client linked to them by an accepted invitation. */
async function agentWithClient(rate?: string) {
  const t = w.t;
  const agent = await t.signUp({ userType: "agent", verified: true });
  const { secret } = await enableTwoFactor(t, agent.agent);
  const profile = await agent.agent.post("/api/agent/profile").send({ businessName: "Boateng Advisors" });
  expect(profile.status).toBe(201);
  if (rate) await t.db.update(agentProfiles).set({ commissionRate: rate }).where(eq(agentProfiles.id, profile.body.id));
  const sessionId = await w.startCheckout(agent.agent, "/api/upgrade-plan", { planId: "professional" });
  await w.send(completed(sessionId, w.fake.completeCheckout(sessionId))).expect(200);
  const email = t.uniqueEmail("client");
  const invited = await agent.agent.post("/api/agent/invitations").send({ email });
  expect(invited.status).toBe(201);
  const client = await t.signUp({ email, firstName: "Abena", lastName: "Owusu" });
  const token = String(invited.body.inviteUrl).split("/").pop();
  await client.agent.post("/api/agent/accept-invitation").send({ token }).expect(200);
  return { agent, client, secret };
}

/** A new browser session for the agent (password, then the app's code by the test's clock). */
async function signInAgain(account: Client, secret: string) {
  const browser = w.t.agent();
  await browser.post("/api/login").send({ email: account.user.email, password: account.password }).expect(200);
  await browser
    .post("/api/login/2fa")
    .send({ code: codeNow(w.t, secret) })
    .expect(200);
  return browser;
}

/** The client buys Advanced Premium (29.99) through Checkout; answers the subscription and the charge that paid it. */
async function clientPays(client: Client) {
  const sessionId = await w.startCheckout(client.agent, "/api/upgrade-plan", { planId: "advanced_premium" });
  const sub = w.fake.completeCheckout(sessionId);
  await w.send(completed(sessionId, sub)).expect(200);
  return { sub, charge: w.fake.firstCharge(sub.id) };
}

const ledgerOf = (agentId: number) =>
  w.t.db.select().from(agentEarnings).where(eq(agentEarnings.agentId, agentId)).orderBy(asc(agentEarnings.id));

/** Stripe refunds part (or the rest) of a charge and sends charge.refunded with the charge as it now is. */
function refunded(chargeId: string, amountCents?: number) {
  const { refund, charge } = w.fake.refund(chargeId, amountCents);
  return { refund, event: objectEvent("charge.refunded", charge) };
}

const totalOf = async (agent: Client) => (await agent.agent.get("/api/agent/stats")).body.totalEarnings as string;

describe("a refund reverses its earning (PAY-03)", () => {
  it("a full refund writes one negative Refund row linked to the payment's earning; the totals drop to zero", async () => {
    const { agent, client } = await agentWithClient();
    const { charge } = await clientPays(client);
    const [original] = await ledgerOf(agent.user.id);
    expect(original).toMatchObject({ transactionType: "bundle", commission: "2.999000", reversalOf: null });

    const { refund, event } = refunded(charge.id);
    const res = await w.send(event);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: "applied" });
    const rows = await ledgerOf(agent.user.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      transactionType: "refund",
      transactionId: refund.id,
      clientId: client.user.id,
      amount: "-29.99",
      commissionRate: "10.00",
      commission: "-2.999000",
      status: "pending",
      reversalOf: original.id,
    });
    expect(await totalOf(agent)).toBe("0.000000");
    const listed = (await agent.agent.get("/api/agent/earnings")).body as { transactionType: string }[];
    expect(listed.map((e) => e.transactionType).sort()).toEqual(["bundle", "refund"]);
    // the month nets to zero and still counts one payment: the refund line is not a payment
    const monthly = (await agent.agent.get("/api/agent/earnings/monthly")).body as { total: string; count: number }[];
    expect(monthly).toEqual([expect.objectContaining({ total: "0.000000", count: 1 })]);
  });

  it("partial refunds reverse in proportion, in exact decimals, and a replayed or re-sent event reverses nothing twice", async () => {
    const { agent, client } = await agentWithClient("12.35");
    const { charge } = await clientPays(client);
    expect((await ledgerOf(agent.user.id))[0].commission).toBe("3.703765"); // 29.99 × 12.35 %

    const first = refunded(charge.id, 1000);
    for (let i = 0; i < 3; i++) await w.send(first.event).expect(200);
    let rows = await ledgerOf(agent.user.id);
    expect(rows.slice(1)).toEqual([
      expect.objectContaining({ transactionId: first.refund.id, amount: "-10.00", commission: "-1.235000" }),
    ]);
    expect(await totalOf(agent)).toBe("2.468765");

    // Stripe sends charge.refunded again for the second refund; the charge then lists both refunds.
    const second = refunded(charge.id, 1999);
    await w.send(second.event).expect(200);
    await w.send(objectEvent("charge.refunded", second.event.object as { id: string })).expect(200);
    rows = await ledgerOf(agent.user.id);
    expect(rows.slice(1).map((r) => [r.transactionId, r.amount, r.commission])).toEqual([
      [first.refund.id, "-10.00", "-1.235000"],
      [second.refund.id, "-19.99", "-2.468765"],
    ]);
    expect(await totalOf(agent)).toBe("0.000000");
  });

  it("a refund of a payment by a client with no agent writes nothing", async () => {
    const buyer = await w.subscribed("advanced_premium");
    const charge = w.fake.firstCharge(buyer.sub.id);
    const before = await w.t.db.select().from(agentEarnings);
    await w.send(refunded(charge.id).event).expect(200);
    expect(await w.t.db.select().from(agentEarnings)).toEqual(before);
  });

  it("a refund after the monthly payout is a negative row in the next month's statement", async () => {
    const t = w.t;
    t.clock.set(new Date("2032-05-20T10:00:00Z"));
    const { agent, client, secret } = await agentWithClient();
    const { charge } = await clientPays(client);
    const task = agentPayoutsTask(t.deps);
    const signal = new AbortController().signal;
    t.clock.set(new Date("2032-06-01T00:00:30Z"));
    await task.run(signal);
    expect((await ledgerOf(agent.user.id))[0]).toMatchObject({ status: "payable", payoutMonth: "2032-05" });

    t.clock.set(new Date("2032-06-10T09:00:00Z"));
    await w.send(refunded(charge.id).event).expect(200);
    const [paidOut, reversal] = await ledgerOf(agent.user.id);
    expect(paidOut).toMatchObject({ status: "payable", payoutMonth: "2032-05", commission: "2.999000" });
    expect(reversal).toMatchObject({ status: "pending", payoutMonth: null, commission: "-2.999000" });

    t.clock.set(new Date("2032-07-01T00:00:30Z"));
    await task.run(signal);
    expect((await ledgerOf(agent.user.id))[1]).toMatchObject({ status: "payable", payoutMonth: "2032-06" });
    const statements = await t.db
      .select()
      .from(agentPayouts)
      .where(eq(agentPayouts.agentId, agent.user.id))
      .orderBy(asc(agentPayouts.month));
    expect(statements.map((s) => [s.month, s.earningsCount, s.total])).toEqual([
      ["2032-05", 1, "2.999000"],
      ["2032-06", 1, "-2.999000"],
    ]);
    // weeks later: the agent signs in again to read the statement
    const browser = await signInAgain(agent, secret);
    expect((await browser.get("/api/agent/stats")).body.totalEarnings).toBe("0.000000");
    const pdf = await browser.get("/api/agent/statements/2032-06").buffer(true);
    expect(pdf.status).toBe(200);
    const text = await pdfText(Buffer.from(pdf.body as Buffer));
    expect(text).toContain("Refund");
    expect(text).toContain("-2.999000");
    expect(text).toContain("-3.00");
  });
});

describe("a chargeback reverses its earning", () => {
  it("a dispute takes back all that is left, once; a won dispute gives it back, once", async () => {
    const { agent, client } = await agentWithClient();
    const { charge } = await clientPays(client);
    const partial = refunded(charge.id, 999);
    await w.send(partial.event).expect(200);

    const dispute = w.fake.dispute(charge.id);
    const created = objectEvent("charge.dispute.created", dispute);
    await w.send(created).expect(200);
    await w.send(created).expect(200);
    let rows = await ledgerOf(agent.user.id);
    expect(rows.slice(1).map((r) => [r.transactionType, r.amount, r.commission, r.reversalOf])).toEqual([
      ["refund", "-9.99", "-0.999000", rows[0].id],
      ["chargeback", "-20.00", "-2.000000", rows[0].id],
    ]);
    expect(await totalOf(agent)).toBe("0.000000");

    const won = w.fake.setDisputeStatus(dispute.id, "won");
    await w.send(objectEvent("charge.dispute.closed", won)).expect(200);
    await w.send(objectEvent("charge.dispute.closed", won)).expect(200);
    rows = await ledgerOf(agent.user.id);
    expect(rows.slice(3).map((r) => [r.transactionType, r.transactionId, r.amount, r.commission])).toEqual([
      ["chargeback_won", dispute.id, "20.00", "2.000000"],
    ]);
    expect(await totalOf(agent)).toBe("2.000000");
  });

  it("an inquiry (warning_needs_response) takes nothing back; a lost dispute does", async () => {
    const { agent, client } = await agentWithClient();
    const { charge } = await clientPays(client);
    const inquiry = w.fake.dispute(charge.id, "warning_needs_response");
    await w.send(objectEvent("charge.dispute.created", inquiry)).expect(200);
    expect(await ledgerOf(agent.user.id)).toHaveLength(1);
    const lost = w.fake.setDisputeStatus(inquiry.id, "lost");
    await w.send(objectEvent("charge.dispute.closed", lost)).expect(200);
    expect((await ledgerOf(agent.user.id)).map((r) => r.commission)).toEqual(["2.999000", "-2.999000"]);
  });
});

describe("renewal invoices earn", () => {
  it("a subscription_cycle invoice.paid earns once at the rate of that moment; the first invoice earns nothing more", async () => {
    const { agent, client } = await agentWithClient();
    const { sub } = await clientPays(client);
    expect(await ledgerOf(agent.user.id)).toHaveLength(1);

    await w.t.db.update(agentProfiles).set({ commissionRate: "15.00" }).where(eq(agentProfiles.userId, agent.user.id));
    const renewal = w.fake.payInvoice(sub.id);
    const event = objectEvent("invoice.paid", renewal.invoice);
    for (let i = 0; i < 2; i++) await w.send(event).expect(200);
    await w.send(objectEvent("invoice.paid", renewal.invoice)).expect(200);
    const rows = await ledgerOf(agent.user.id);
    expect(rows.slice(1)).toEqual([
      expect.objectContaining({
        transactionType: "invoice",
        transactionId: renewal.invoice.id,
        clientId: client.user.id,
        amount: "29.99",
        commissionRate: "15.00",
        commission: "4.498500",
        status: "pending",
        reversalOf: null,
      }),
    ]);
    expect(rows[0].commissionRate).toBe("10.00");

    // a refund of the renewal reverses the renewal's earning, not the first payment's
    await w.send(refunded(renewal.charge.id).event).expect(200);
    const after = await ledgerOf(agent.user.id);
    expect(after.slice(2)).toEqual([
      expect.objectContaining({ transactionType: "refund", commission: "-4.498500", reversalOf: rows[1].id }),
    ]);
  });

  it("the first invoice (subscription_create) and a client with no agent earn nothing", async () => {
    const { agent, client } = await agentWithClient();
    const { sub } = await clientPays(client);
    const first = w.fake.payInvoice(sub.id, { billingReason: "subscription_create" });
    await w.send(objectEvent("invoice.paid", first.invoice)).expect(200);
    expect(await ledgerOf(agent.user.id)).toHaveLength(1);

    const buyer = await w.subscribed("advanced_premium");
    const before = await w.t.db.select().from(agentEarnings);
    await w.send(objectEvent("invoice.paid", w.fake.payInvoice(buyer.sub.id).invoice)).expect(200);
    expect(await w.t.db.select().from(agentEarnings)).toEqual(before);
  });
});
