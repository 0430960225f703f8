import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REAUTH_REQUIRED_MESSAGE } from "@shared/validators/auth";
import { PASSKEY_MESSAGES } from "@shared/validators/passkeys";
import { RECENT_AUTH_MS } from "../../auth/step-up";
import { startTestApp, type TestApp } from "../../test/harness";
import { addPasskey } from "../../test/passkeys";
import { createSoftwareAuthenticator } from "../../test/software-authenticator";

/** Step-up with a passkey instead of the password (issue 15): the same 15 minutes, the same limits. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const newKey = () => createSoftwareAuthenticator({ origin: "http://heirloom.test" });

/** A user with a passkey whose sign-in is older than 15 minutes. */
async function staleUserWithPasskey() {
  const account = await t.signUp({ verified: true });
  const key = newKey();
  const passkey = await addPasskey(account.agent, key);
  t.clock.advance(RECENT_AUTH_MS + 60_000);
  const refused = await account.agent.post("/api/user/passkeys/options");
  expect(refused.body.message).toBe(REAUTH_REQUIRED_MESSAGE);
  return { ...account, key, passkey };
}

describe("POST /api/user/reauth/passkey", () => {
  it("answers 401 without a session", async () => {
    expect((await t.request().post("/api/user/reauth/passkey/options")).status).toBe(401);
    expect((await t.request().post("/api/user/reauth/passkey").send({})).status).toBe(401);
  });

  it("opens 15 more minutes with one of the user's own passkeys", async () => {
    const { agent, key } = await staleUserWithPasskey();
    const options = await agent.post("/api/user/reauth/passkey/options");
    expect(options.body.allowCredentials).toEqual([expect.objectContaining({ id: key.credentials[0].id })]);
    const res = await agent.post("/api/user/reauth/passkey").send({ response: key.assert(options.body) });
    expect(res.status).toBe(200);
    expect(new Date(res.body.recentUntil).getTime()).toBe(t.clock.now().getTime() + RECENT_AUTH_MS);
    expect((await agent.post("/api/user/passkeys/options")).status).toBe(200);
  });

  it("refuses another user's passkey, counts it like a wrong password, and opens nothing", async () => {
    const { agent, user } = await staleUserWithPasskey();
    const other = await t.signUp({ verified: true });
    const theirs = newKey();
    await addPasskey(other.agent, theirs);
    const options = (await agent.post("/api/user/reauth/passkey/options")).body;
    const res = await agent
      .post("/api/user/reauth/passkey")
      .send({ response: theirs.assert({ ...options, allowCredentials: [] }) });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(PASSKEY_MESSAGES.notVerified);
    expect((await agent.post("/api/user/passkeys/options")).status).toBe(401);
    const failed = await t.db.execute(
      sql`select count(*)::int as n from audit_events where action = 'two_factor_failed' and target = ${`user:${user.id}`}`,
    );
    expect(failed.rows[0].n).toBe(1);
  });

  it("answers 400 for a malformed answer", async () => {
    const { agent } = await staleUserWithPasskey();
    expect((await agent.post("/api/user/reauth/passkey").send({ response: "nope" })).status).toBe(400);
  });
});
