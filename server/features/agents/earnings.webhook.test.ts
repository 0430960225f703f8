import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentEarnings, agentPayouts } from "@shared/schema";
import { completed, invoiceEvent, startStripeWorld, type StripeWorld } from "../../test/fakes/stripe-world";
import { enableTwoFactor } from "../../test/two-factor";
import { runInTransaction } from "../../db";
import { recordClientPayment } from "./earnings.service";
import { agentPayoutsTask } from "./payouts-task";

let w: StripeWorld;
beforeAll(async () => {
  w = await startStripeWorld();
});
afterAll(async () => {
  await w?.close();
});

/** An agent with a profile and a client linked by an accepted invitation (no plan: Stripe mode needs a checkout). */
async function agentWithClient() {
  const t = w.t;
  const agent = await t.signUp({ userType: "agent", verified: true });
  await enableTwoFactor(t, agent.agent);
  await agent.agent.post("/api/agent/profile").send({ businessName: "Boateng Advisors" }).expect(201);
  const sessionId = await w.startCheckout(agent.agent, "/api/upgrade-plan", { planId: "professional" });
  await w.send(completed(sessionId, w.fake.completeCheckout(sessionId))).expect(200);
  const email = t.uniqueEmail("client");
  const invited = await agent.agent.post("/api/agent/invitations").send({ email });
  expect(invited.status).toBe(201);
  const client = await t.signUp({ email });
  const token = String(invited.body.inviteUrl).split("/").pop();
  await client.agent.post("/api/agent/accept-invitation").send({ token }).expect(200);
  return { agent, client };
}

const earningsOf = (agentId: number) => w.t.db.select().from(agentEarnings).where(eq(agentEarnings.agentId, agentId));

describe("PAY-03: a client's Stripe payment credits the agent once", () => {
  it("creates one earning when the webhook confirms, however often Stripe delivers it", async () => {
    const { agent, client } = await agentWithClient();
    const sessionId = await w.startCheckout(client.agent, "/api/upgrade-plan", { planId: "advanced_premium" });
    expect(await earningsOf(agent.user.id)).toEqual([]);
    const sub = w.fake.completeCheckout(sessionId);
    const event = completed(sessionId, sub);
    for (let i = 0; i < 3; i++) await w.send(event).expect(200);
    await w.send(invoiceEvent("invoice.paid", sub)).expect(200);
    const rows = await earningsOf(agent.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      clientId: client.user.id,
      amount: "29.99",
      commission: "2.999000",
      status: "pending",
    });
    expect((await agent.agent.get("/api/agent/earnings")).body).toHaveLength(1);
  });
});

describe("the monthly payout run", () => {
  it("marks a month's earnings payable on the 1st, writes the statement once, and leaves the new month pending", async () => {
    const t = w.t;
    t.clock.set(new Date("2031-03-31T23:50:00Z"));
    const { agent, client } = await agentWithClient();
    const sessionId = await w.startCheckout(client.agent, "/api/purchase-storage", { storageGB: 12 });
    await w.send(completed(sessionId, w.fake.completeCheckout(sessionId))).expect(200);
    const task = agentPayoutsTask(t.deps);
    const signal = new AbortController().signal;
    await task.run(signal);
    expect((await earningsOf(agent.user.id))[0].status).toBe("pending");

    t.clock.set(new Date("2031-04-01T00:00:30Z"));
    expect(await task.run(signal)).toBeGreaterThanOrEqual(1);
    await task.run(signal);
    const [earning] = await earningsOf(agent.user.id);
    expect(earning).toMatchObject({ status: "payable", payoutMonth: "2031-03", commission: "2.388000" });
    const statements = await t.db.select().from(agentPayouts).where(eq(agentPayouts.agentId, agent.user.id));
    expect(statements).toEqual([expect.objectContaining({ month: "2031-03", earningsCount: 1, total: "2.388000" })]);
    const monthly = await agent.agent.get("/api/agent/earnings/monthly");
    expect(monthly.body).toEqual([{ month: "2031-03", total: "2.388000", count: 1, payable: true }]);

    const statement = await agent.agent.get("/api/agent/statements/2031-03").buffer(true);
    expect(statement.status).toBe(200);
    expect(statement.headers["content-type"]).toBe("application/pdf");
    expect(String(statement.headers["content-disposition"])).toContain("payout-statement-2031-03.pdf");
    expect(
      Buffer.from(statement.body as Buffer)
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect((await agent.agent.get("/api/agent/statements/2031-04")).status).toBe(404);
    expect((await agent.agent.get("/api/agent/statements/garbage")).status).toBe(404);

    const april = {
      clientId: client.user.id,
      transactionType: "test",
      transactionId: `april-${agent.user.id}`,
      amount: "10.00",
    };
    await runInTransaction(t.db, (tx) => recordClientPayment(tx, { now: t.clock.now() }, april));
    await task.run(signal);
    const pending = (await earningsOf(agent.user.id)).filter((e) => e.transactionId === april.transactionId);
    expect(pending).toEqual([expect.objectContaining({ status: "pending", payoutMonth: null })]);
  });
});
