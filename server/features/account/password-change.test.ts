import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = "Adinkra-Symbol-2027";

async function secondBrowser(email: string, password: string) {
  const other = t.agent();
  const res = await other.post("/api/login").send({ email, password });
  expect(res.status).toBe(200);
  return other;
}

describe("POST /api/user/password", () => {
  it("answers 401 without a session", async () => {
    const res = await t.request().post("/api/user/password").send({ currentPassword: "x", newPassword: NEW_PASSWORD });
    expect(res.status).toBe(401);
  });

  it("refuses a missing or wrong current password and a weak new one, and changes nothing (AUTH-08)", async () => {
    const { agent, user, password } = await t.signUp();
    const other = await secondBrowser(user.email, password);
    const missing = await agent.post("/api/user/password").send({ newPassword: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].path).toBe("currentPassword");
    const wrong = await agent
      .post("/api/user/password")
      .send({ currentPassword: "Wrong-Pass-1", newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: "currentPassword", message: "The password is not correct." }]);
    const weak = await agent.post("/api/user/password").send({ currentPassword: password, newPassword: "short" });
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0].path).toBe("newPassword");
    const same = await agent.post("/api/user/password").send({ currentPassword: password, newPassword: password });
    expect(same.status).toBe(400);
    expect((await other.get("/api/user")).status).toBe(200);
    expect((await t.request().post("/api/login").send({ email: user.email, password })).status).toBe(200);
  });

  it("needs a sign-in or password confirmation within 15 minutes", async () => {
    const { agent, password } = await t.signUp();
    t.clock.advance(16 * 60 * 1000);
    await agent.get("/api/user"); // keeps the session alive (idle limit is 30 minutes)
    const res = await agent.post("/api/user/password").send({ currentPassword: password, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/confirm your password/);
    expect((await agent.post("/api/user/reauth").send({ password })).status).toBe(200);
    const ok = await agent.post("/api/user/password").send({ currentPassword: password, newPassword: NEW_PASSWORD });
    expect(ok.status).toBe(200);
  });

  it("changes the password, ends every other session, keeps this one on a new id, and sends a notice (AUTH-08)", async () => {
    const { agent, user, password } = await t.signUp();
    const other = await secondBrowser(user.email, password);
    const before = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from session where user_id = ${user.id}`,
    );
    expect(before.rows[0].n).toBe(2);
    await t.deliverOutbox();
    const mailsBefore = t.smtp.to(user.email).length;

    const res = await agent.post("/api/user/password").send({ currentPassword: password, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(String(res.headers["set-cookie"])).toMatch(/hl\.sid=/);

    expect((await other.get("/api/user")).status).toBe(401);
    expect((await agent.get("/api/user")).status).toBe(200);
    const after = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from session where user_id = ${user.id}`,
    );
    expect(after.rows[0].n).toBe(1);

    expect((await t.request().post("/api/login").send({ email: user.email, password })).status).toBe(401);
    expect((await t.request().post("/api/login").send({ email: user.email, password: NEW_PASSWORD })).status).toBe(200);

    await t.deliverOutbox();
    const mails = t.smtp.to(user.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.text).toContain("Your Heirloom password was changed");
    const notes = await t.db.execute<{ kind: string }>(sql`select kind from notifications where user_id = ${user.id}`);
    expect(notes.rows.map((r) => r.kind)).toContain("password_changed");
  });
});
