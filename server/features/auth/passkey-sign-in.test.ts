import { eq, sql } from "drizzle-orm";
import type { Response } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeys, users } from "@shared/schema";
import { PASSKEY_MESSAGES } from "@shared/validators/passkeys";
import { PASSKEY_CHALLENGE_MS } from "../../auth/passkey-challenge";
import { startTestApp, type TestApp } from "../../test/harness";
import { addPasskey } from "../../test/passkeys";
import { createSoftwareAuthenticator, type Forgery } from "../../test/software-authenticator";

/**
 * Password-less sign-in with a passkey (issue 15; AUTH-23 counter regression, AUTH-24 challenge reuse): real ES256
 * assertions from a software authenticator, verified by the server as a browser's would be.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ captureLogs: true });
});
afterAll(async () => {
  await t.close();
});

const ORIGIN = "http://heirloom.test";

const sessionCookie = (res: Response) =>
  ([] as string[])
    .concat(res.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith("hl.sid="))
    ?.split(";")[0];

/** A user with one passkey, held by the returned authenticator. */
async function userWithPasskey() {
  const account = await t.signUp({ verified: true });
  const key = createSoftwareAuthenticator({ origin: ORIGIN });
  const passkey = await addPasskey(account.agent, key, "Phone");
  return { ...account, key, passkey };
}

/** A fresh browser asks for options and answers them with `key` (forged as told). */
async function attempt(key: ReturnType<typeof createSoftwareAuthenticator>, forge: Forgery = {}) {
  const browser = t.agent();
  const options = await browser.post("/api/login/passkey/options");
  expect(options.status).toBe(200);
  const response = key.assert(options.body, forge);
  const res = await browser.post("/api/login/passkey").send({ response });
  return { browser, options, response, res };
}

async function storedPasskey(id: number) {
  const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, id));
  return row;
}

describe("POST /api/login/passkey/options", () => {
  it("asks for a discoverable passkey of this site with user verification, bound to a new session", async () => {
    const res = await t.request().post("/api/login/passkey/options");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rpId: "heirloom.test", userVerification: "required", allowCredentials: [] });
    expect(res.body.challenge).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(sessionCookie(res)).toBeDefined();
  });
});

describe("POST /api/login/passkey", () => {
  it("signs the passkey's owner in on a fresh session id and records the use", async () => {
    const { user, key, passkey } = await userWithPasskey();
    t.clock.advance(60_000); // past the sign-up's own activity stamp
    const { browser, options, res } = await attempt(key);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email: user.email, passkeyCount: 1 });
    expect(sessionCookie(res)).toBeDefined();
    expect(sessionCookie(res)).not.toBe(sessionCookie(options));
    expect((await browser.get("/api/user")).body.id).toBe(user.id);
    const row = await storedPasskey(passkey.id);
    expect(row.counter).toBe(1);
    expect(row.lastUsedAt?.getTime()).toBe(t.clock.now().getTime());
    const audited = await t.db.execute(
      sql`select count(*)::int as n from audit_events where actor_id = ${user.id} and action = 'login_succeeded'`,
    );
    expect(audited.rows[0].n).toBe(1);
    const [owner] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(owner.lastActivityAt.getTime()).toBe(t.clock.now().getTime());
  });

  it("answers 400 for a malformed answer and 401 without options first", async () => {
    const { key } = await userWithPasskey();
    const options = (await t.request().post("/api/login/passkey/options")).body;
    expect(
      (
        await t
          .request()
          .post("/api/login/passkey")
          .send({ response: { id: "x" } })
      ).status,
    ).toBe(400);
    const noOptions = await t
      .agent()
      .post("/api/login/passkey")
      .send({ response: key.assert(options) });
    expect(noOptions.status).toBe(401);
    expect(noOptions.body.message).toBe(PASSKEY_MESSAGES.expired);
  });

  it("refuses an assertion made for another origin or another relying party id (401, nobody signed in)", async () => {
    const { key, passkey } = await userWithPasskey();
    for (const forge of [{ origin: "https://heirloom.test.evil.example" }, { rpId: "evil.example" }]) {
      const { browser, res } = await attempt(key, forge);
      expect(res.status, JSON.stringify(forge)).toBe(401);
      expect(res.body.message).toBe(PASSKEY_MESSAGES.notVerified);
      expect((await browser.get("/api/user")).status).toBe(401);
    }
    expect((await storedPasskey(passkey.id)).lastUsedAt).toBeNull();
  });

  it("refuses an assertion without user verification", async () => {
    const { key } = await userWithPasskey();
    expect((await attempt(key, { userVerified: false })).res.status).toBe(401);
  });

  it("refuses a challenge used once already: the same answer again, after a success or a failure (AUTH-24)", async () => {
    const { key } = await userWithPasskey();
    const first = await attempt(key);
    expect(first.res.status).toBe(200);
    const replayed = await first.browser.post("/api/login/passkey").send({ response: first.response });
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toBe(PASSKEY_MESSAGES.expired);

    const browser = t.agent();
    const options = (await browser.post("/api/login/passkey/options")).body;
    const forged = key.assert(options, { origin: "https://evil.example" });
    expect((await browser.post("/api/login/passkey").send({ response: forged })).status).toBe(401);
    const honest = key.assert(options);
    const retried = await browser.post("/api/login/passkey").send({ response: honest });
    expect(retried.status).toBe(401);
    expect(retried.body.message).toBe(PASSKEY_MESSAGES.expired);
  });

  it("refuses an answer to a challenge older than its expiry by the server's clock", async () => {
    const { key } = await userWithPasskey();
    const browser = t.agent();
    const options = (await browser.post("/api/login/passkey/options")).body;
    t.clock.advance(PASSKEY_CHALLENGE_MS + 1);
    const res = await browser.post("/api/login/passkey").send({ response: key.assert(options) });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(PASSKEY_MESSAGES.expired);
  });

  it("refuses a counter that does not move forward with 401, logs it as a security event, and keeps the stored counter (AUTH-23)", async () => {
    const { user, key, passkey } = await userWithPasskey();
    expect((await attempt(key, { counter: 5 })).res.status).toBe(200);
    for (const counter of [3, 5]) {
      const { browser, res } = await attempt(key, { counter });
      expect(res.status, `counter ${counter}`).toBe(401);
      expect(res.body.message).toBe(PASSKEY_MESSAGES.notVerified);
      expect((await browser.get("/api/user")).status).toBe(401);
    }
    expect((await storedPasskey(passkey.id)).counter).toBe(5);
    const lines = t
      .logs()
      .split("\n")
      .filter((l) => l.includes('"security":"passkey_counter_regression"'));
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 40, userId: user.id, storedCounter: 5, receivedCounter: 3 });
    const audited = await t.db.execute(
      sql`select count(*)::int as n from audit_events where action = 'passkey_counter_regression' and target = ${`user:${user.id}`}`,
    );
    expect(audited.rows[0].n).toBe(2);
    expect((await attempt(key, { counter: 6 })).res.status).toBe(200);
  });

  it("accepts an authenticator that keeps no counter (0 every time)", async () => {
    const { key } = await userWithPasskey();
    expect((await attempt(key, { counter: 0 })).res.status).toBe(200);
    expect((await attempt(key, { counter: 0 })).res.status).toBe(200);
  });

  it("refuses a credential the server does not know, and a removed one", async () => {
    const { agent, key, passkey } = await userWithPasskey();
    const stranger = createSoftwareAuthenticator({ origin: ORIGIN });
    stranger.register({ ...(await agent.post("/api/user/passkeys/options")).body });
    expect((await attempt(stranger)).res.status).toBe(401);
    expect((await agent.delete(`/api/user/passkeys/${passkey.id}`)).status).toBe(204);
    expect((await attempt(key)).res.status).toBe(401);
  });

  it("answers 403 for a suspended account's passkey", async () => {
    const { user, key } = await userWithPasskey();
    await t.db.update(users).set({ status: "suspended" }).where(eq(users.id, user.id));
    const { browser, res } = await attempt(key);
    expect(res.status).toBe(403);
    expect((await browser.get("/api/user")).status).toBe(401);
  });
});
