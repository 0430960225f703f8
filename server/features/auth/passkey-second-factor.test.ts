import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSKEY_MESSAGES } from "@shared/validators/passkeys";
import { TWO_FACTOR_MESSAGES } from "@shared/validators/two-factor";
import { startTestApp, type TestApp } from "../../test/harness";
import { addPasskey } from "../../test/passkeys";
import { createSoftwareAuthenticator } from "../../test/software-authenticator";
import { enableTwoFactor } from "../../test/two-factor";

/**
 * A passkey as the second factor (issue 15): it completes a sign-in pending after the password, in place of the app's
 * code, and it counts as a second factor for the agent and admin role gate.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    extraRoutes: (table) => {
      table.add({ method: "get", path: "/api/agent/probe", access: "agent" }, (_req, res) => res.json({ ok: true }));
    },
  });
});
afterAll(async () => {
  await t.close();
});

const ORIGIN = "http://heirloom.test";
const newKey = () => createSoftwareAuthenticator({ origin: ORIGIN });

/** Signs up (an agent when asked), adds a passkey, turns TOTP on when asked; a fresh browser passes the password. */
async function passwordStep(o: { totp?: boolean; userType?: string } = {}) {
  const account = await t.signUp({ userType: o.userType, verified: true });
  const key = newKey();
  await addPasskey(account.agent, key);
  if (o.totp) await enableTwoFactor(t, account.agent);
  const browser = t.agent();
  const res = await browser.post("/api/login").send({ email: account.user.email, password: account.password });
  return { ...account, key, browser, res };
}

describe("POST /api/login/2fa/passkey", () => {
  it("completes a sign-in pending after the password with one of the user's passkeys", async () => {
    const { key, browser, res, user } = await passwordStep({ totp: true });
    expect(res.body).toEqual({ twoFactorRequired: true, methods: ["totp", "passkey"] });
    const options = await browser.post("/api/login/2fa/passkey/options");
    expect(options.status).toBe(200);
    expect(options.body.allowCredentials).toEqual([expect.objectContaining({ id: key.credentials[0].id })]);
    const done = await browser.post("/api/login/2fa/passkey").send({ response: key.assert(options.body) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: user.id, twoFactorEnabled: true, passkeyCount: 1 });
    expect((await browser.get("/api/user")).status).toBe(200);
  });

  it("answers 401 asking to start again when no sign-in is pending", async () => {
    const options = await t.agent().post("/api/login/2fa/passkey/options");
    expect(options.status).toBe(401);
    expect(options.body.message).toBe(TWO_FACTOR_MESSAGES.signInExpired);
  });

  it("refuses another user's passkey, counts it as a wrong second factor, and signs nobody in", async () => {
    const { browser, user } = await passwordStep({ totp: true });
    const other = await t.signUp({ verified: true });
    const theirs = newKey();
    await addPasskey(other.agent, theirs);
    const options = (await browser.post("/api/login/2fa/passkey/options")).body;
    const forged = theirs.assert({ ...options, allowCredentials: [] });
    const res = await browser.post("/api/login/2fa/passkey").send({ response: forged });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(PASSKEY_MESSAGES.notVerified);
    expect((await browser.get("/api/user")).status).toBe(401);
    const failed = await t.db.execute(
      sql`select count(*)::int as n from audit_events where action = 'two_factor_failed' and target = ${`user:${user.id}`}`,
    );
    expect(failed.rows[0].n).toBe(1);
  });

  it("does not take a password-less sign-in's challenge as a second step's", async () => {
    const { key, browser } = await passwordStep({ totp: true });
    const options = (await browser.post("/api/login/passkey/options")).body;
    const res = await browser.post("/api/login/2fa/passkey").send({ response: key.assert(options) });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(PASSKEY_MESSAGES.expired);
    expect((await browser.get("/api/user")).status).toBe(401);
  });
});

describe("a passkey as an agent's second factor", () => {
  it("opens the agent's routes, and their password sign-in then asks for the passkey", async () => {
    const account = await t.signUp({ userType: "agent", verified: true });
    expect((await account.agent.get("/api/agent/probe")).status).toBe(403);
    const key = newKey();
    await addPasskey(account.agent, key);
    expect((await account.agent.get("/api/agent/probe")).body).toEqual({ ok: true });

    const browser = t.agent();
    const res = await browser.post("/api/login").send({ email: account.user.email, password: account.password });
    expect(res.body).toEqual({ twoFactorRequired: true, methods: ["passkey"] });
    expect((await browser.get("/api/agent/probe")).status).toBe(401);
    const options = (await browser.post("/api/login/2fa/passkey/options")).body;
    expect((await browser.post("/api/login/2fa/passkey").send({ response: key.assert(options) })).status).toBe(200);
    expect((await browser.get("/api/agent/probe")).status).toBe(200);
  });

  it("closes the agent's routes again when the last passkey is removed", async () => {
    const { agent } = await t.signUp({ userType: "agent", verified: true });
    const passkey = await addPasskey(agent, newKey());
    expect((await agent.get("/api/agent/probe")).status).toBe(200);
    expect((await agent.delete(`/api/user/passkeys/${passkey.id}`)).status).toBe(204);
    const res = await agent.get("/api/agent/probe");
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(TWO_FACTOR_MESSAGES.requiredForRole);
  });

  it("leaves a client's password sign-in as it was: a client's passkey is a way in, not a second lock", async () => {
    const { res, user } = await passwordStep();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, passkeyCount: 1, twoFactorEnabled: false });
  });
});
