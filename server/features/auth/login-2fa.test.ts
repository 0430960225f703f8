import { sql } from "drizzle-orm";
import type { Response } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TWO_FACTOR_MESSAGES } from "@shared/validators/two-factor";
import { PENDING_SIGN_IN_MS } from "../../auth/pending-sign-in";
import { startTestApp, type TestApp } from "../../test/harness";
import { advanceSteps, codeNow, enableTwoFactor, wrongCode } from "../../test/two-factor";

/**
 * Sign-in with two-factor sign-in on (contract "Account security"; AUTH-11, AUTH-18, AUTH-19): the password alone
 * signs nobody in, the second step does, once per code.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const sessionCookie = (res: Response) =>
  ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("hl.sid="));

/** A user with two-factor sign-in on, and a fresh browser that has passed the password step. */
async function passwordStep() {
  const account = await t.signUp();
  const factors = await enableTwoFactor(t, account.agent);
  const browser = t.agent();
  const res = await browser.post("/api/login").send({ email: account.user.email, password: account.password });
  return { ...account, ...factors, browser, res };
}

describe("POST /api/login with two-factor sign-in on", () => {
  it("answers 200 {twoFactorRequired: true} with no user and no signed-in session", async () => {
    const { browser, res, user } = await passwordStep();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ twoFactorRequired: true });
    expect((await browser.get("/api/user")).status).toBe(401);
    const rows = await t.db.execute(sql`select count(*)::int as n from session where user_id = ${user.id}`);
    // only the session of the sign-up browser is signed in
    expect(rows.rows[0].n).toBe(1);
  });

  it("signs in with the app's code on a fresh session id", async () => {
    const { browser, res, secret, user } = await passwordStep();
    const done = await browser.post("/api/login/2fa").send({ code: codeNow(t, secret) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: user.id, email: user.email, twoFactorEnabled: true });
    expect(sessionCookie(done)).toBeDefined();
    expect(sessionCookie(done)!.split(";")[0]).not.toBe(sessionCookie(res)!.split(";")[0]);
    expect((await browser.get("/api/user")).status).toBe(200);
    // the pending session's id signs nobody in
    const pending = await t.request().get("/api/user").set("Cookie", sessionCookie(res)!.split(";")[0]);
    expect(pending.status).toBe(401);
  });

  it("refuses a code replayed within its window with 401, from the same browser or another (AUTH-18)", async () => {
    const { browser, secret, user, password } = await passwordStep();
    const code = codeNow(t, secret);
    await browser.post("/api/login/2fa").send({ code }).expect(200);

    const other = t.agent();
    await other.post("/api/login").send({ email: user.email, password }).expect(200);
    const replay = await other.post("/api/login/2fa").send({ code });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    // an older code is refused too; the next step's code is accepted
    expect((await other.post("/api/login/2fa").send({ code: codeNow(t, secret, -1) })).status).toBe(401);
    advanceSteps(t, 1);
    expect((await other.post("/api/login/2fa").send({ code: codeNow(t, secret) })).status).toBe(200);
  });

  it("accepts each recovery code once: its reuse answers 401 (AUTH-19)", async () => {
    const { browser, recoveryCodes, user, password } = await passwordStep();
    const done = await browser.post("/api/login/2fa").send({ recoveryCode: recoveryCodes[0].toUpperCase() });
    expect(done.status).toBe(200);
    const audited = await t.db.execute(
      sql`select count(*)::int as n from audit_events where action = 'recovery_code_used' and actor_id = ${user.id}`,
    );
    expect(audited.rows[0].n).toBe(1);

    const other = t.agent();
    await other.post("/api/login").send({ email: user.email, password }).expect(200);
    const reuse = await other.post("/api/login/2fa").send({ recoveryCode: recoveryCodes[0] });
    expect(reuse.status).toBe(401);
    expect((await other.get("/api/user")).status).toBe(401);
    expect((await other.post("/api/login/2fa").send({ recoveryCode: recoveryCodes[1] })).status).toBe(200);
  });

  it("answers 401 to a second step without a first one, after 5 minutes, and 400 to a bad body", async () => {
    const { browser, secret } = await passwordStep();
    const alone = await t
      .agent()
      .post("/api/login/2fa")
      .send({ code: codeNow(t, secret) });
    expect(alone.status).toBe(401);
    expect(alone.body.message).toBe(TWO_FACTOR_MESSAGES.signInExpired);
    expect((await browser.post("/api/login/2fa").send({})).status).toBe(400);
    expect((await browser.post("/api/login/2fa").send({ code: "123456", recoveryCode: "abcde-fghij" })).status).toBe(
      400,
    );
    t.clock.advance(PENDING_SIGN_IN_MS + 1000);
    const late = await browser.post("/api/login/2fa").send({ code: codeNow(t, secret) });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(TWO_FACTOR_MESSAGES.signInExpired);
  });

  it("limits wrong codes like passwords: 10 × 401, then 429 even for the right code; the password buys no more (AUTH-11)", async () => {
    const { browser, secret, user, password } = await passwordStep();
    const guess = async () => (await browser.post("/api/login/2fa").send({ code: wrongCode(t, secret) })).status;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push(await guess());
    // the right password again: the first step passes, and clears none of the failures
    await browser.post("/api/login").send({ email: user.email, password }).expect(200);
    for (let i = 0; i < 7; i += 1) statuses.push(await guess());
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
    const right = await browser.post("/api/login/2fa").send({ code: codeNow(t, secret) });
    expect(right.status).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
    // the account and address stay blocked for the password too
    expect((await t.agent().post("/api/login").send({ email: user.email, password })).status).toBe(429);
    const failed = await t.db.execute(
      sql`select count(*)::int as n from audit_events where action = 'two_factor_failed' and target = ${`user:${user.id}`}`,
    );
    expect(failed.rows[0].n).toBe(10);
  });
});
