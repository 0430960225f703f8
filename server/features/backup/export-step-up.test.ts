import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REAUTH_REQUIRED_MESSAGE } from "@shared/validators/auth";
import { startTestApp, type TestApp } from "../../test/harness";
import { NO_PASSWORD_MESSAGE, WRONG_PASSWORD_MESSAGE } from "../auth/reauth.routes";

/**
 * DATA-02: an export hands out every secret at once, so a live session is not enough: it needs a sign-in or a
 * password confirmation within the last 15 minutes (by the injectable clock), HEAD is refused, and the owner is
 * told by mail after each export.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60 * 1000;
const exportJson = (agent: ReturnType<TestApp["agent"]>) => agent.get("/api/export/backup?format=json");
const exportMails = (email: string) =>
  t.smtp.to(email).filter((m) => /Subject: Your Heirloom data was exported/.test(m.raw));
const auditCount = async (action: string, userId: number) =>
  (
    await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = ${action} and actor_id = ${userId}`,
    )
  ).rows[0].n;

describe("export step-up (DATA-02)", () => {
  it("answers within 15 minutes of sign-in, then 401 saying to confirm the password, the session still alive", async () => {
    const { agent } = await t.signUp();
    t.clock.advance(14 * MINUTE);
    expect((await exportJson(agent)).status).toBe(200);
    expect((await agent.get("/api/user/reauth")).body.recentUntil).toBeTruthy();

    t.clock.advance(2 * MINUTE);
    const late = await exportJson(agent);
    expect(late.status).toBe(401);
    expect(late.body).toEqual({ message: REAUTH_REQUIRED_MESSAGE });
    expect((await agent.get("/api/user")).status).toBe(200);
    expect((await agent.get("/api/user/reauth")).body).toEqual({ recentUntil: null });
  });

  it("opens 15 more minutes with the right password, and none with a wrong one", async () => {
    const { agent, password } = await t.signUp();
    t.clock.advance(20 * MINUTE);
    const wrong = await agent.post("/api/user/reauth").send({ password: "Wrong-Password-1" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: WRONG_PASSWORD_MESSAGE });
    expect((await exportJson(agent)).status).toBe(401);

    const ok = await agent.post("/api/user/reauth").send({ password });
    expect(ok.status).toBe(200);
    expect(new Date(ok.body.recentUntil).getTime()).toBe(t.clock.now().getTime() + 15 * MINUTE);
    t.clock.advance(14 * MINUTE);
    expect((await exportJson(agent)).status).toBe(200);
    t.clock.advance(2 * MINUTE);
    expect((await exportJson(agent)).status).toBe(401);
  });

  it("counts wrong confirmations against the account's sign-in limit", async () => {
    const { agent, user, password } = await t.signUp();
    for (let i = 0; i < 10; i += 1) {
      expect((await agent.post("/api/user/reauth").send({ password: `Wrong-Password-${i}` })).status).toBe(401);
    }
    const limited = await agent.post("/api/user/reauth").send({ password });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await t.request().post("/api/login").send({ email: user.email, password })).status).toBe(429);
  });

  it("says what to do for an account without a password, and validates the body", async () => {
    const { agent, user } = await t.signUp();
    expect((await agent.post("/api/user/reauth").send({})).body.message).toBe("Enter your password");
    await t.db.execute(sql`update users set password_hash = null where id = ${user.id}`);
    const res = await agent.post("/api/user/reauth").send({ password: "Kente-Cloth-2026" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: NO_PASSWORD_MESSAGE });
    expect((await t.request().post("/api/user/reauth").send({ password: "Kente-Cloth-2026" })).status).toBe(401);
  });

  it("refuses HEAD: nothing is exported, recorded or mailed", async () => {
    const { agent, user } = await t.signUp();
    const head = await agent.head("/api/export/backup?format=json");
    expect(head.status).toBe(405);
    expect(head.headers.allow).toBe("GET");
    expect(head.headers["content-disposition"]).toBeUndefined();
    expect(await auditCount("export", user.id)).toBe(0);
    expect((await exportJson(agent)).status).toBe(200); // GET still works
    expect(await auditCount("export", user.id)).toBe(1);
  });

  it("e-mails the owner after each export: what, when and from which range, and no secret", async () => {
    const { agent, user, password } = await t.signUp();
    const created = await agent.post("/api/online-accounts").send({
      accountName: "Gmail",
      accountType: "email",
      username: "canary-user-7731",
      twoFactorInfo: "CANARY-SECRET-7731",
    });
    expect(created.status).toBe(201);
    expect((await exportJson(agent)).status).toBe(200);
    expect((await agent.get("/api/export/backup?format=pdf")).status).toBe(200);
    await t.deliverOutbox();
    await t.smtp.waitFor(user.email, 3); // the verification mail, then one notice per export
    const notices = exportMails(user.email);
    expect(notices).toHaveLength(2);
    // one notice per format (the two may arrive in either order)
    expect(
      notices.map((n) => (n.text.includes("(JSON)") ? "json" : n.text.includes("(PDF)") ? "pdf" : "?")).sort(),
    ).toEqual(["json", "pdf"]);
    expect(notices[0].text).toContain(`${t.clock.now().toISOString().slice(0, 10)}`);
    expect(notices[0].text).toMatch(/From: an address in 127\.0\.0\.0\/24/);
    for (const notice of notices) {
      expect(notice.raw).not.toContain("CANARY");
      expect(notice.raw).not.toContain("canary-user");
      expect(notice.raw).not.toContain(password);
    }
  });
});
