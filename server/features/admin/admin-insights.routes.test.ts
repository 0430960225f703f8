import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminStatsDto } from "@shared/admin-api";
import { agentProfiles } from "@shared/schema";
import { COMMISSION_MESSAGE } from "@shared/validators/admin";
import { buildAsset } from "../../test/factories";
import { startTestApp, type TestApp } from "../../test/harness";
import { NO_PROFILE_MESSAGE } from "./admin-agents.service";
import { signUpAgent } from "../agents/agents.test-support";
import { buildAdmin, buildAgentAccount } from "./admin.test-support";

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
beforeAll(async () => {
  t = await startTestApp({ env: { SESSION_SECRET: "admin-test-session-secret-0123456789abcdef" } });
  admin = await buildAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const stats = async (): Promise<AdminStatsDto> => (await admin.agent.get("/api/admin/stats").expect(200)).body;
const upgrade = async (agent: ReturnType<TestApp["agent"]>) =>
  agent.post("/api/upgrade-plan").send({ planId: "basic_premium" }).expect(200);

describe("GET /api/admin/stats", () => {
  it("counts real users, agents, confirmed payments and stored bytes", async () => {
    const before = await stats();
    const buyer = await t.signUp();
    await t.signUp();
    await buildAgentAccount(t);
    await upgrade(buyer.agent);
    await buildAsset(buyer.agent);
    const stored = await t.db.execute<{ n: string }>(
      sql`select storage_used as n from users where id = ${buyer.user.id}`,
    );
    const after = await stats();
    expect(after.totalUsers).toBe(before.totalUsers + 3);
    expect(after.newUsersThisMonth).toBe(before.newUsersThisMonth + 3);
    // an agent account without a profile is neither active nor pending (agents are counted by their profiles)
    expect(after.activeAgents).toBe(before.activeAgents);
    expect(after.pendingAgents).toBe(before.pendingAgents);
    expect(Number(after.monthlyRevenue)).toBeCloseTo(Number(before.monthlyRevenue) + 19.99, 2);
    expect(after.monthlyRevenue).toMatch(/^\d+\.\d{2}$/);
    expect(after.totalStorageUsed).toBe(before.totalStorageUsed + Number(stored.rows[0].n));
    expect(after).toMatchObject({ currency: "USD", paymentsMode: "test" });
  });
});

describe("GET /api/admin/metrics", () => {
  it("answers twelve months of sign-ups, revenue and cumulative storage, oldest first", async () => {
    const owner = await t.signUp();
    await buildAsset(owner.agent);
    const res = await admin.agent.get("/api/admin/metrics");
    expect(res.status).toBe(200);
    const thisMonth = new Date().toISOString().slice(0, 7);
    for (const key of ["signUps", "revenue", "storage"] as const) {
      expect(res.body[key]).toHaveLength(12);
      expect(res.body[key].at(-1).month).toBe(thisMonth);
    }
    expect(res.body.signUps.at(-1).value).toBeGreaterThanOrEqual(1);
    const storage = res.body.storage.map((p: { value: number }) => p.value);
    expect(storage.at(-1)).toBeGreaterThan(0);
    expect([...storage].sort((a, b) => a - b)).toEqual(storage);
  });
});

describe("GET /api/admin/settings", () => {
  it("shows the live configuration and never a secret", async () => {
    const res = await admin.agent.get("/api/admin/settings");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      defaults: { storageLimitBytes: 10_485_760, agentCommissionRate: 10, maxFileSizeBytes: 100 * 1024 * 1024 },
      providers: { payments: "test", mail: "smtp", storage: "local" },
      mode: { environment: "test", publicUrl: "http://heirloom.test" },
    });
    expect(res.text).not.toContain("admin-test-session-secret");
    expect(res.text).not.toContain(t.deps.config.smtpUrl ?? "smtp://");
    for (const key of Object.values(t.deps.config.encryptionKeys))
      expect(res.text).not.toContain(key.toString("base64"));
  });
});

describe("GET /api/admin/audit", () => {
  it("filters by actor, action and day, newest first, and refuses malformed filters", async () => {
    const user = await t.signUp();
    await admin.agent.patch(`/api/admin/users/${user.user.id}/status`).send({ status: "suspended" }).expect(200);
    await admin.agent.patch(`/api/admin/users/${user.user.id}/status`).send({ status: "active" }).expect(200);
    const today = t.clock.now().toISOString().slice(0, 10);
    const res = await admin.agent
      .get("/api/admin/audit")
      .query({ actorId: admin.user.id, action: "admin_user_suspended", from: today, to: today });
    expect(res.status).toBe(200);
    expect(res.body.some((e: { target: string }) => e.target === `user:${user.user.id}`)).toBe(true);
    expect(res.body.every((e: { action: string }) => e.action === "admin_user_suspended")).toBe(true);
    expect(Number(res.headers["x-total-count"])).toBe(res.body.length);
    expect(res.body[0]).not.toHaveProperty("details");
    const mine = await admin.agent.get("/api/admin/audit").query({ actorId: admin.user.id, limit: 2 });
    expect(mine.body.map((e: { action: string }) => e.action)).toEqual([
      "admin_user_reactivated",
      "admin_user_suspended",
    ]);
    const nextYear = String(new Date().getUTCFullYear() + 20);
    const none = await admin.agent.get("/api/admin/audit").query({ from: `${nextYear}-01-01` });
    expect(none.body).toEqual([]);
    for (const query of ["from=yesterday", "actorId=-1", "action=DROP%20TABLE", "from=2026-02-02&to=2026-02-01"]) {
      expect((await admin.agent.get(`/api/admin/audit?${query}`)).status, query).toBe(400);
    }
  });
});

describe("Agent Oversight (MASS-07)", () => {
  it("lists agent accounts with their client counts", async () => {
    const agent = await buildAgentAccount(t, { firstName: "Yaa", lastName: "Broker" });
    const client = await t.signUp();
    await t.db.execute(sql`update users set agent_id = ${agent.user.id} where id = ${client.user.id}`);
    const res = await admin.agent.get("/api/admin/agents");
    expect(res.status).toBe(200);
    expect(res.body.find((a: { userId: number }) => a.userId === agent.user.id)).toMatchObject({
      lastName: "Broker",
      isVerified: false,
      clientCount: 1,
      earnings: "0.00",
    });
  });

  it("validates the commission (5–20) before anything, and needs the agent's profile to verify or set it", async () => {
    const agent = await buildAgentAccount(t);
    for (const commissionRate of [0.9, 4.99, 21, "abc", null, 10.001]) {
      const res = await admin.agent.patch(`/api/admin/agents/${agent.user.id}/commission`).send({ commissionRate });
      expect(res.status, String(commissionRate)).toBe(400);
    }
    const low = await admin.agent.patch(`/api/admin/agents/${agent.user.id}/commission`).send({ commissionRate: 0.9 });
    expect(low.body.message).toBe(COMMISSION_MESSAGE);
    const noProfile = await admin.agent
      .patch(`/api/admin/agents/${agent.user.id}/commission`)
      .send({ commissionRate: 12 });
    expect(noProfile.status).toBe(404);
    expect(noProfile.body.message).toBe(NO_PROFILE_MESSAGE);
    expect((await admin.agent.post(`/api/admin/agents/${agent.user.id}/verify`)).body.message).toBe(NO_PROFILE_MESSAGE);
    const client = await t.signUp();
    expect((await admin.agent.post(`/api/admin/agents/${client.user.id}/verify`)).body).toEqual({
      message: "Not found",
    });
  });

  it("verifies an agent's profile once, sets its rate, and the stats count it active instead of pending", async () => {
    const before = (await admin.agent.get("/api/admin/stats").expect(200)).body;
    const agent = await signUpAgent(t);
    const pending = (await admin.agent.get("/api/admin/stats").expect(200)).body;
    expect(pending.pendingAgents).toBe(before.pendingAgents + 1);
    expect(pending.activeAgents).toBe(before.activeAgents);

    const verified = await admin.agent.post(`/api/admin/agents/${agent.user.id}/verify`);
    expect(verified.status, verified.text).toBe(200);
    expect((await admin.agent.post(`/api/admin/agents/${agent.user.id}/verify`)).status).toBe(200);
    const rate = await admin.agent
      .patch(`/api/admin/agents/${agent.user.id}/commission`)
      .send({ commissionRate: 12.5 });
    expect(rate.body).toEqual({ userId: agent.user.id, commissionRate: "12.50" });

    const [profile] = await t.db.select().from(agentProfiles).where(eq(agentProfiles.userId, agent.user.id));
    expect(profile).toMatchObject({ isVerified: true, commissionRate: "12.50", verifiedBy: admin.user.id });
    const after = (await admin.agent.get("/api/admin/stats").expect(200)).body;
    expect(after.activeAgents).toBe(before.activeAgents + 1);
    expect(after.pendingAgents).toBe(before.pendingAgents);
    const listed = (await admin.agent.get("/api/admin/agents")).body.find(
      (a: { userId: number }) => a.userId === agent.user.id,
    );
    expect(listed).toMatchObject({ isVerified: true, commissionRate: "12.50", earnings: "0.00" });
    const users = (await admin.agent.get("/api/admin/users").query({ role: "agent", q: agent.user.email })).body;
    expect(users[0].agentProfile).toEqual({ isVerified: true });
  });

  it("refuses an agent verifying itself or setting its own commission", async () => {
    const agent = await buildAgentAccount(t);
    const verify = await agent.agent.post(`/api/admin/agents/${agent.user.id}/verify`);
    expect(verify.status).toBe(403);
    const rate = await agent.agent
      .patch(`/api/admin/agents/${agent.user.id}/commission`)
      .send({ verified: true, isVerified: true, commissionRate: 0.9 });
    expect(rate.status).toBe(403);
  });
});

// Last: it moves the clock years ahead, which ends every earlier session (30 idle minutes).
describe("GET /api/admin/stats over months", () => {
  it("compares this month's confirmed payments with last month's", async () => {
    const real = t.clock.now();
    try {
      t.clock.set(new Date(Date.UTC(2031, 1, 10)));
      await upgrade((await t.signUp()).agent);
      t.clock.set(new Date(Date.UTC(2031, 2, 20)));
      await upgrade((await t.signUp()).agent);
      await upgrade((await t.signUp()).agent);
      // sessions end after 30 idle minutes by this clock: an admin signs in at each moment the test reads
      const marchAdmin = await buildAdmin(t);
      const march = (await marchAdmin.agent.get("/api/admin/stats").expect(200)).body;
      expect(march.monthlyRevenue).toBe("39.98");
      expect(march.revenueGrowth).toBe(100);
      const metrics = (await marchAdmin.agent.get("/api/admin/metrics").expect(200)).body;
      expect(metrics.revenue).toHaveLength(12);
      expect(metrics.revenue.slice(-2)).toEqual([
        { month: "2031-02", value: 19.99 },
        { month: "2031-03", value: 39.98 },
      ]);
      t.clock.set(new Date(Date.UTC(2031, 5, 1)));
      const juneAdmin = await buildAdmin(t);
      expect((await juneAdmin.agent.get("/api/admin/stats").expect(200)).body.revenueGrowth).toBeNull();
    } finally {
      t.clock.set(real);
    }
  });
});
