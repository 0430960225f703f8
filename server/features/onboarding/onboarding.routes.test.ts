import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "../../db";
import { issueSetupTokenIfNoAdmin } from "../auth/admin-setup.service";
import { startTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function rowOf(userId: number) {
  const { rows } = await t.db.execute<{ user_type: string; role_choice: string | null; onboarded_at: Date | null }>(
    sql`select user_type, role_choice, onboarded_at from users where id = ${userId}`,
  );
  return rows[0];
}

describe("POST /api/user/onboarding", () => {
  it("answers 401 without a session", async () => {
    const res = await t.request().post("/api/user/onboarding").send({ role: "client" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthorized" });
  });

  it("leaves a new registration without a role choice, so the SPA opens /onboarding", async () => {
    const { agent } = await t.signUp();
    const me = await agent.get("/api/user");
    expect(me.body).toMatchObject({ userType: "client", roleChoice: null, onboardedAt: null });
  });

  it("saves the Client choice and the time it was made, and /api/user shows both", async () => {
    const { agent, user } = await t.signUp();
    const res = await agent.post("/api/user/onboarding").send({ role: "client" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, userType: "client", roleChoice: "client" });
    expect(res.body.onboardedAt).toBe(t.clock.now().toISOString());
    expect((await agent.get("/api/user")).body).toMatchObject({
      roleChoice: "client",
      onboardedAt: res.body.onboardedAt,
    });
    const row = await rowOf(user.id);
    expect(row.role_choice).toBe("client");
    expect(new Date(row.onboarded_at!).toISOString()).toBe(res.body.onboardedAt);
  });

  it("records the Agent choice without making the user an agent (the agent onboarding does that)", async () => {
    const { agent, user } = await t.signUp();
    const res = await agent.post("/api/user/onboarding").send({ role: "agent" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userType: "client", roleChoice: "agent" });
    expect((await rowOf(user.id)).user_type).toBe("client");
  });

  it("sets onboardedAt once: choosing again later changes the choice but keeps the first time", async () => {
    const { agent } = await t.signUp();
    const first = await agent.post("/api/user/onboarding").send({ role: "client" });
    t.clock.advance(5 * 60 * 1000); // within the session's 30 idle minutes
    const second = await agent.post("/api/user/onboarding").send({ role: "agent" });
    expect(second.status).toBe(200);
    expect(second.body.roleChoice).toBe("agent");
    expect(second.body.onboardedAt).toBe(first.body.onboardedAt);
  });

  it("answers 400 with a clear message for a role it does not record, and saves nothing", async () => {
    const { agent, user } = await t.signUp();
    for (const body of [{ role: "admin" }, { role: "superuser" }, {}, { role: ["client"] }]) {
      const res = await agent.post("/api/user/onboarding").send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({
        message: "Choose client or agent; admin access is asked for with Request Admin",
        errors: [{ path: "role", message: "Choose client or agent; admin access is asked for with Request Admin" }],
      });
    }
    expect(await rowOf(user.id)).toMatchObject({ user_type: "client", role_choice: null, onboarded_at: null });
  });

  it("answers 403 to an agent: role selection is for clients", async () => {
    const { agent, user } = await t.signUp({ userType: "agent", verified: true });
    const res = await agent.post("/api/user/onboarding").send({ role: "client" });
    expect(res.status).toBe(403);
    expect((await rowOf(user.id)).role_choice).toBeNull();
  });

  it("records who chose what in the audit trail, without secrets", async () => {
    const { agent, user } = await t.signUp();
    await agent.post("/api/user/onboarding").send({ role: "client" });
    const { rows } = await t.db.execute<{ details: unknown }>(
      sql`select details from audit_events where action = 'role_chosen' and actor_id = ${user.id}`,
    );
    expect(rows.map((r) => r.details)).toEqual([{ role: "client" }]);
  });
});

describe("the Request Admin card's call, POST /api/auth/promote-admin {setupToken}", () => {
  it("refuses a wrong or missing set-up token with the spec's message and records no choice", async () => {
    await issueSetupTokenIfNoAdmin(t.db, t.clock);
    const { agent, user } = await t.signUp();
    for (const body of [{}, { setupToken: "" }, { setupToken: "not-the-token" }]) {
      const res = await agent.post("/api/auth/promote-admin").send(body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: "You are not eligible for admin privileges." });
    }
    expect(await rowOf(user.id)).toMatchObject({ user_type: "client", role_choice: null, onboarded_at: null });
  });

  it("promotes with the set-up token (pasted with its file's line break) and records admin as the choice", async () => {
    const token = await issueSetupTokenIfNoAdmin(t.db, t.clock);
    const { agent, user } = await t.signUp();
    const res = await agent.post("/api/auth/promote-admin").send({ setupToken: `${token}\n` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      userType: "admin",
      roleChoice: "admin",
      onboardedAt: t.clock.now().toISOString(),
    });
    expect((await agent.get("/api/auth/user")).body).toMatchObject({ userType: "admin", roleChoice: "admin" });
    expect((await rowOf(user.id)).user_type).toBe("admin");
  });
});

describe("the onboarding migration", () => {
  it("marks every account that existed before it as onboarded, at its creation time", async () => {
    const { user } = await t.signUp();
    await t.db.execute(sql`update users set onboarded_at = null, role_choice = null where id = ${user.id}`);
    const file = fs.readdirSync(MIGRATIONS_FOLDER).find((name) => name.endsWith("_onboarding.sql"));
    const statements = fs.readFileSync(`${MIGRATIONS_FOLDER}/${file}`, "utf8").split("--> statement-breakpoint");
    const backfill = statements.find((s) => s.includes("UPDATE"))!;
    await t.db.execute(sql.raw(backfill));
    const { rows } = await t.db.execute<{ same: boolean }>(
      sql`select onboarded_at = created_at as same from users where id = ${user.id}`,
    );
    expect(rows[0].same).toBe(true);
  });
});
