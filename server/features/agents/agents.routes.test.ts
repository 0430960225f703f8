import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentEarnings, agentProfiles, users } from "@shared/schema";
import { AGENT_MESSAGES } from "@shared/validators/agents";
import { runInTransaction } from "../../db";
import { startTestApp, type TestApp } from "../../test/harness";
import { enableTwoFactor } from "../../test/two-factor";
import { recordClientPayment, reverseClientPayment } from "./earnings.service";
import { linkedClient, signUpAgent } from "./agents.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const WIZARD = {
  businessName: "Mensah Legal",
  licenseNumber: "GH-LAW-2231",
  practiceAreas: ["Estate Planning", "Tax Law"],
  specializations: ["Digital Asset Planning"],
  businessAddress: "12 Independence Avenue, Accra",
  businessPhone: "+233201234567",
  website: "https://mensah.example",
  yearsExperience: 8,
  clientCapacity: 40,
  agreeToTerms: true,
  commissionRate: 12.5,
};
const account = () => ({
  email: t.uniqueEmail("agent"),
  password: "Kente-Cloth-2026",
  firstName: "Kojo",
  lastName: "Mensah",
});
const earningsOf = (agentId: number) => t.db.select().from(agentEarnings).where(eq(agentEarnings.agentId, agentId));

describe("agent onboarding", () => {
  it("creates a signed-out visitor's agent account and a pending profile with the chosen rate", async () => {
    const visitor = t.agent();
    const res = await visitor.post("/api/agent/onboard").send({ ...WIZARD, account: account() });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ userType: "agent", firstName: "Kojo" });
    expect(res.body.profile).toMatchObject({
      businessName: "Mensah Legal",
      isVerified: false,
      commissionRate: "12.50",
    });
    expect((await visitor.get("/api/user")).body.userType).toBe("agent");
    // the dashboard's reads wait for a verified e-mail and the second factor
    const gated = await visitor.get("/api/agent/profile");
    expect(gated.status).toBe(403);
  });

  it("answers each invalid field with the spec's message and creates nothing", async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const res = await t.request().post("/api/agent/onboard").send({
      businessName: "M",
      licenseNumber: "12",
      practiceAreas: [],
      businessAddress: "short",
      businessPhone: "123",
      website: "not a url",
      yearsExperience: 0,
      clientCapacity: 0,
      agreeToTerms: false,
      commissionRate: 25,
      account: account(),
    });
    expect(res.status).toBe(400);
    const messages = Object.fromEntries(
      (res.body.errors as { path: string; message: string }[]).map((e) => [e.path, e.message]),
    );
    expect(messages).toMatchObject({
      businessName: AGENT_MESSAGES.businessName,
      licenseNumber: AGENT_MESSAGES.licenseNumber,
      practiceAreas: AGENT_MESSAGES.practiceAreas,
      businessAddress: AGENT_MESSAGES.businessAddress,
      businessPhone: AGENT_MESSAGES.businessPhone,
      website: AGENT_MESSAGES.website,
      yearsExperience: AGENT_MESSAGES.yearsExperience,
      clientCapacity: AGENT_MESSAGES.clientCapacity,
      agreeToTerms: AGENT_MESSAGES.agreeToTerms,
      commissionRate: AGENT_MESSAGES.commissionRate,
    });
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0].n).toBe(before[0].n);
  });

  it("turns a client who picked the Agent card into an agent, and refuses a plain client (403)", async () => {
    const chose = await t.signUp();
    await chose.agent.post("/api/user/onboarding").send({ role: "agent" }).expect(200);
    const res = await chose.agent.post("/api/agent/onboard").send(WIZARD);
    expect(res.status).toBe(201);
    expect((await chose.agent.get("/api/user")).body.userType).toBe("agent");
    const plain = await t.signUp();
    expect((await plain.agent.post("/api/agent/onboard").send(WIZARD)).status).toBe(403);
    expect((await plain.agent.get("/api/user")).body.userType).toBe("client");
  });

  it("MASS-07: isVerified and the rate never come from a body; an agent cannot PATCH them", async () => {
    const agent = await t.signUp({ userType: "agent", verified: true });
    await enableTwoFactor(t, agent.agent);
    const created = await agent.agent.post("/api/agent/profile").send({
      businessName: "Owusu Brokers",
      isVerified: true,
      verified: true,
      commissionRate: 0.9,
      verifiedAt: "2026-01-01",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ isVerified: false, commissionRate: "10.00" });
    const patched = await agent.agent.patch("/api/agent/profile").send({ verified: true, commissionRate: 0.9 });
    expect([403, 404]).toContain(patched.status);
    expect((await agent.agent.post("/api/agent/profile").send({ businessName: "Again" })).status).toBe(409);
    const [row] = await t.db.select().from(agentProfiles).where(eq(agentProfiles.userId, agent.user.id));
    expect(row).toMatchObject({
      isVerified: false,
      commissionRate: "10.00",
      verifiedAt: null,
      businessName: "Owusu Brokers",
    });
    const stats = await agent.agent.get("/api/agent/stats");
    expect(stats.body).toMatchObject({ businessStatus: "Pending", totalClients: 0, pendingInvitations: 0 });
  });
});

describe("commissions", () => {
  it("credits the rate at the bounds on a linked client's test-mode payment, exactly, once", async () => {
    for (const [rate, expected] of [
      ["5.00", "0.999500"],
      ["20.00", "3.998000"],
    ] as const) {
      const agent = await signUpAgent(t, { rate });
      const client = await linkedClient(t, agent);
      expect((await client.agent.post("/api/upgrade-plan").send({ planId: "basic_premium" })).status).toBe(200);
      const rows = await earningsOf(agent.user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        clientId: client.user.id,
        amount: "19.99",
        commissionRate: rate,
        commission: expected,
      });
      const listed = await agent.agent.get("/api/agent/earnings");
      expect(listed.headers["x-total-count"]).toBe("1");
      expect(listed.body[0]).toMatchObject({ commission: expected, status: "pending", clientName: "Ama Mensah" });
      expect((await agent.agent.get("/api/agent/stats")).body.totalEarnings).toBe(expected);
    }
  });

  it("uses the rate in force at the payment, in exact decimals with odd cents, and never for unlinked buyers", async () => {
    const agent = await signUpAgent(t, { rate: "12.35" });
    const client = await linkedClient(t, agent);
    const cases = [
      ["0.01", "0.001235"],
      ["0.07", "0.008645"],
      ["99999.99", "12349.998765"],
    ] as const;
    for (const [i, [amount]] of cases.entries()) {
      await runInTransaction(t.db, (tx) =>
        recordClientPayment(
          tx,
          { now: t.clock.now() },
          { clientId: client.user.id, transactionType: "test", transactionId: `odd-${agent.user.id}-${i}`, amount },
        ),
      );
    }
    const rows = await earningsOf(agent.user.id);
    expect(rows.map((r) => r.commission).sort()).toEqual(cases.map(([, c]) => c).sort());
    // a later rate change does not touch earlier earnings
    await t.db.update(agentProfiles).set({ commissionRate: "7.00" }).where(eq(agentProfiles.id, agent.profileId));
    expect((await earningsOf(agent.user.id)).every((r) => r.commissionRate === "12.35")).toBe(true);
    const stranger = await t.signUp();
    expect((await stranger.agent.post("/api/upgrade-plan").send({ planId: "basic_premium" })).status).toBe(200);
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(agentEarnings)
      .where(eq(agentEarnings.clientId, stranger.user.id));
    expect(count.n).toBe(0);
  });

  it("a replayed confirmation creates nothing twice, and a refund reverses the earning", async () => {
    const agent = await signUpAgent(t);
    const client = await linkedClient(t, agent);
    const payment = {
      clientId: client.user.id,
      transactionType: "test",
      transactionId: `replay-${agent.user.id}`,
      amount: "29.99",
    };
    for (let i = 0; i < 3; i++)
      await runInTransaction(t.db, (tx) => recordClientPayment(tx, { now: t.clock.now() }, payment));
    expect(await earningsOf(agent.user.id)).toHaveLength(1);
    expect((await agent.agent.get("/api/agent/stats")).body.totalEarnings).toBe("2.999000");
    const refund = { transactionType: "refund", transactionId: `re_${agent.user.id}`, share: "rest" } as const;
    for (let i = 0; i < 2; i++) {
      await runInTransaction(t.db, (tx) => reverseClientPayment(tx, { now: t.clock.now() }, payment, refund));
    }
    const rows = (await earningsOf(agent.user.id)).sort((a, b) => a.id - b.id);
    expect(rows.map((r) => [r.transactionType, r.commission, r.reversalOf])).toEqual([
      ["test", "2.999000", null],
      ["refund", "-2.999000", rows[0].id],
    ]);
    expect((await agent.agent.get("/api/agent/stats")).body.totalEarnings).toBe("0.000000");
  });
});

describe("IDOR-10", () => {
  it("another agent sees none of an agent's clients, invitations or earnings, and cannot revoke or resend (404)", async () => {
    const x = await signUpAgent(t);
    const y = await signUpAgent(t);
    const client = await linkedClient(t, x);
    await client.agent.post("/api/upgrade-plan").send({ planId: "basic_premium" }).expect(200);
    const invited = await x.agent.post("/api/agent/invitations").send({ email: t.uniqueEmail() });
    for (const path of [
      "/api/agent/clients",
      "/api/agent/invitations",
      "/api/agent/earnings",
      "/api/agent/earnings/monthly",
    ]) {
      const res = await y.agent.get(path).query({ agentId: x.user.id, userId: x.user.id });
      expect(res.status, path).toBe(200);
      expect(res.body, path).toEqual([]);
    }
    for (const verb of ["revoke", "resend"]) {
      const foreign = await y.agent.post(`/api/agent/invitations/${invited.body.id}/${verb}`);
      const missing = await y.agent.post(`/api/agent/invitations/2147483000/${verb}`);
      expect(foreign.status).toBe(404);
      expect(foreign.text).toBe(missing.text);
    }
    expect((await x.agent.get("/api/agent/invitations")).body[0].status).toBe("pending");
  });

  it("an agent never reaches a client's estate: no client route and no owned :id answers it with a success", async () => {
    const x = await signUpAgent(t);
    const client = await linkedClient(t, x);
    const upload = await client.agent
      .post("/api/beneficiaries")
      .send({ firstName: "Kofi", lastName: "Mensah", email: t.uniqueEmail(), relationship: "child" });
    const id = upload.body.id as number;
    const reached: string[] = [];
    for (const route of t.routes.filter((r) => r.access === "client" || (r.access === "user" && r.resource))) {
      const url = route.path.replace(/:[A-Za-z]+/g, String(id));
      const res = await x.agent[route.method](url).send({});
      if (res.status < 400) reached.push(`${route.method} ${route.path} ${res.status}`);
    }
    expect(reached).toEqual([]);
    const clients = await x.agent.get("/api/agent/clients");
    expect(JSON.stringify(clients.body)).not.toContain("Kofi");
  });
});
