import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recoveryCodes, totpCredentials } from "@shared/schema";
import { REAUTH_REQUIRED_MESSAGE } from "@shared/validators/auth";
import { TWO_FACTOR_MESSAGES } from "@shared/validators/two-factor";
import { VERIFY_EMAIL_FIRST } from "../../lib/route-registry";
import { startTestApp, type TestApp } from "../../test/harness";
import { advanceSteps, codeNow, enableTwoFactor, wrongCode } from "../../test/two-factor";
import { hashRecoveryCode } from "./recovery-codes";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60 * 1000;
const subjects = (email: string) => t.smtp.to(email).map((m) => /Subject: (.*)/.exec(m.raw)?.[1]);

describe("POST /api/2fa/totp/setup and /enable", () => {
  it("answers 401 without a session", async () => {
    expect((await t.request().post("/api/2fa/totp/setup")).status).toBe(401);
    expect((await t.request().post("/api/2fa/totp/enable").send({ code: "123456" })).status).toBe(401);
  });

  it("refuses a set-up with 403 until the address is confirmed, and keeps nothing (AUTH-12 pre-hijacking)", async () => {
    const { agent, user } = await t.signUp();
    const res = await agent.post("/api/2fa/totp/setup");
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: VERIFY_EMAIL_FIRST });
    expect(await t.db.select().from(totpCredentials).where(eq(totpCredentials.userId, user.id))).toEqual([]);
  });

  it("issues a secret with its otpauth address, keeps it only as ciphertext, and signs in unchanged until confirmed", async () => {
    const { agent, user } = await t.signUp({ verified: true });
    const res = await agent.post("/api/2fa/totp/setup");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(res.body.otpauthUrl);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(res.body.secret);
    expect(uri.searchParams.get("issuer")).toBe("Heirloom");
    expect(decodeURIComponent(uri.pathname)).toContain(user.email);

    const [row] = await t.db.select().from(totpCredentials).where(eq(totpCredentials.userId, user.id));
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toContain(res.body.secret);
    expect(row.enabledAt).toBeNull();
    expect((await agent.get("/api/user")).body.twoFactorEnabled).toBe(false);
  });

  it("refuses a bad body with 400 and a wrong code with 400 on its field, counted like a password guess", async () => {
    const { agent } = await t.signUp({ verified: true });
    const { body } = await agent.post("/api/2fa/totp/setup");
    const bad = await agent.post("/api/2fa/totp/enable").send({ code: "12ab" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: "code", message: TWO_FACTOR_MESSAGES.code }]);
    const res = await agent.post("/api/2fa/totp/enable").send({ code: wrongCode(t, body.secret) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: "code", message: TWO_FACTOR_MESSAGES.wrongCode }]);
    const failed = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'two_factor_failed'`,
    );
    expect(failed.rows[0].n).toBeGreaterThanOrEqual(1);
  });

  it("turns it on with the first code: ten recovery codes shown once and stored hashed, a notice sent", async () => {
    const { agent, user } = await t.signUp({ verified: true });
    const { secret, recoveryCodes: codes } = await enableTwoFactor(t, agent);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored.map((r) => r.codeHash).sort()).toEqual(codes.map(hashRecoveryCode).sort());
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
    expect((await agent.get("/api/user")).body.twoFactorEnabled).toBe(true);

    // on: no second set-up, and no second enabling of the same secret
    expect((await agent.post("/api/2fa/totp/setup")).status).toBe(409);
    expect((await agent.post("/api/2fa/totp/enable").send({ code: codeNow(t, secret) })).status).toBe(409);
    await t.deliverOutbox();
    expect(subjects(user.email)).toContain("Two-factor sign-in is on for your Heirloom account");
  });

  it("refuses to enable a set-up older than 30 minutes: it must be started again", async () => {
    const { agent } = await t.signUp({ verified: true });
    const { body } = await agent.post("/api/2fa/totp/setup");
    t.clock.advance(20 * MINUTE);
    await agent.get("/api/user").expect(200); // keeps the session inside its 30-minute idle limit
    t.clock.advance(11 * MINUTE);
    const res = await agent.post("/api/2fa/totp/enable").send({ code: codeNow(t, body.secret) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TWO_FACTOR_MESSAGES.setupExpired);
  });

  it("needs a sign-in or password confirmation within 15 minutes to start a set-up", async () => {
    const { agent, password } = await t.signUp({ verified: true });
    t.clock.advance(16 * MINUTE);
    await agent.get("/api/user").expect(200); // still signed in (the idle limit is 30 minutes)
    const stale = await agent.post("/api/2fa/totp/setup");
    expect(stale.status).toBe(401);
    expect(stale.body.message).toBe(REAUTH_REQUIRED_MESSAGE);
    await agent.post("/api/user/reauth").send({ password }).expect(200);
    expect((await agent.post("/api/2fa/totp/setup")).status).toBe(200);
  });
});

describe("POST /api/2fa/disable", () => {
  it("answers 401 without a session and 400 for a bad body", async () => {
    expect((await t.request().post("/api/2fa/disable").send({ password: "x", code: "123456" })).status).toBe(401);
    const { agent } = await t.signUp({ verified: true });
    await enableTwoFactor(t, agent);
    const res = await agent.post("/api/2fa/disable").send({ password: "", code: "12" });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["code", "password"]);
  });

  it("refuses a wrong password or a wrong code on their fields and keeps it on", async () => {
    const { agent, password } = await t.signUp({ verified: true });
    const { secret } = await enableTwoFactor(t, agent);
    const wrongPassword = await agent
      .post("/api/2fa/disable")
      .send({ password: "Wrong-Pass-1", code: codeNow(t, secret) });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors[0].path).toBe("password");
    const refused = await agent.post("/api/2fa/disable").send({ password, code: wrongCode(t, secret) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: "code", message: TWO_FACTOR_MESSAGES.wrongCode }]);
    expect((await agent.get("/api/user")).body.twoFactorEnabled).toBe(true);
  });

  it("needs a recent sign-in: after 15 minutes 401 until the password is confirmed again (AUTH-21)", async () => {
    const { agent, password, user } = await t.signUp({ verified: true });
    const { secret } = await enableTwoFactor(t, agent);
    t.clock.advance(16 * MINUTE);
    const stale = await agent.post("/api/2fa/disable").send({ password, code: codeNow(t, secret) });
    expect(stale.status).toBe(401);
    expect(stale.body.message).toBe(REAUTH_REQUIRED_MESSAGE);
    expect((await agent.get("/api/user")).body.twoFactorEnabled).toBe(true);

    await agent.post("/api/user/reauth").send({ password }).expect(200);
    const res = await agent.post("/api/2fa/disable").send({ password, code: codeNow(t, secret) });
    expect(res.status).toBe(200);
    expect((await agent.get("/api/user")).body.twoFactorEnabled).toBe(false);
    expect(await t.db.select().from(totpCredentials).where(eq(totpCredentials.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    await t.deliverOutbox();
    expect(subjects(user.email)).toContain("Two-factor sign-in was turned off for your Heirloom account");
  });

  it("accepts a recovery code in place of the app's code (a lost phone)", async () => {
    const { agent, password } = await t.signUp({ verified: true });
    const { recoveryCodes: codes } = await enableTwoFactor(t, agent);
    advanceSteps(t, 1);
    const res = await agent.post("/api/2fa/disable").send({ password, code: codes[3].toUpperCase() });
    expect(res.status).toBe(200);
    expect((await agent.get("/api/user")).body.twoFactorEnabled).toBe(false);
  });
});
