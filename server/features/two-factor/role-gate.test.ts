import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@shared/schema";
import { TWO_FACTOR_MESSAGES } from "@shared/validators/two-factor";
import { startTestApp, type TestApp } from "../../test/harness";
import { codeNow, enableTwoFactor } from "../../test/two-factor";

/**
 * AUTH-22: agents see their clients and admins everyone's metadata, so their role's routes answer 403 until a second
 * factor is on. No agent or admin feature exists yet: probe routes declared through the app's own route table get the
 * table's access rule, as every later agent and admin route will.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    extraRoutes: (table) => {
      table.add({ method: "get", path: "/api/agent/probe", access: "agent" }, (_req, res) => res.json({ ok: true }));
      table.add({ method: "get", path: "/api/admin/probe", access: "admin" }, (_req, res) => res.json({ ok: true }));
    },
  });
});
afterAll(async () => {
  await t.close();
});

const REQUIRED = { message: TWO_FACTOR_MESSAGES.requiredForRole };

describe("the agent and admin roles without a second factor", () => {
  it("answer an agent 403 with the contract's message until two-factor sign-in is on, then 200", async () => {
    const { agent } = await t.signUp({ userType: "agent", verified: true });
    const before = await agent.get("/api/agent/probe");
    expect(before.status).toBe(403);
    expect(before.body).toEqual(REQUIRED);
    await enableTwoFactor(t, agent);
    expect((await agent.get("/api/agent/probe")).body).toEqual({ ok: true });
  });

  it("answer an admin 403 until two-factor sign-in is on, and again once it is turned off", async () => {
    const { agent, user, password } = await t.signUp({ verified: true });
    await t.db.update(users).set({ userType: "admin" }).where(eq(users.id, user.id));
    expect((await agent.get("/api/admin/probe")).body).toEqual(REQUIRED);
    const { secret } = await enableTwoFactor(t, agent);
    expect((await agent.get("/api/admin/probe")).status).toBe(200);
    await agent
      .post("/api/2fa/disable")
      .send({ password, code: codeNow(t, secret) })
      .expect(200);
    const after = await agent.get("/api/admin/probe");
    expect(after.status).toBe(403);
    expect(after.body).toEqual(REQUIRED);
  });

  it("leave other routes of an agent without a second factor alone", async () => {
    const { agent } = await t.signUp({ userType: "agent", verified: true });
    expect((await agent.get("/api/user")).status).toBe(200);
    expect((await agent.get("/api/user/sessions")).status).toBe(200);
  });
});
