import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REAUTH_REQUIRED_MESSAGE } from "@shared/validators/auth";
import { PASSKEY_MESSAGES, type PasskeySummary } from "@shared/validators/passkeys";
import { VERIFY_EMAIL_FIRST } from "../../lib/route-registry";
import { startTestApp, type TestApp } from "../../test/harness";
import { addPasskey } from "../../test/passkeys";
import { createSoftwareAuthenticator } from "../../test/software-authenticator";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const ORIGIN = "http://heirloom.test";
const authenticator = () => createSoftwareAuthenticator({ origin: ORIGIN });

async function stored(userId: number) {
  const rows = await t.db.execute<{ credential_id: string; counter: string; name: string; passkey_count: number }>(
    sql`select p.credential_id, p.counter, p.name, u.passkey_count from users u
        left join passkeys p on p.user_id = u.id where u.id = ${userId} order by p.id`,
  );
  return rows.rows;
}

describe("POST /api/user/passkeys/options and POST /api/user/passkeys", () => {
  it("answers 401 without a session", async () => {
    expect((await t.request().post("/api/user/passkeys/options")).status).toBe(401);
    expect((await t.request().post("/api/user/passkeys").send({})).status).toBe(401);
  });

  it("registers a passkey for this site with user verification, counted on the user row", async () => {
    const { agent, user } = await t.signUp({ verified: true });
    const options = await agent.post("/api/user/passkeys/options");
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({
      rp: { id: "heirloom.test", name: "Heirloom" },
      user: { name: user.email },
      attestation: "none",
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      excludeCredentials: [],
    });
    expect(options.body.user.id).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes: not the id, not the address
    const key = authenticator();
    const res = await agent
      .post("/api/user/passkeys")
      .send({ name: " Work laptop ", response: key.register(options.body) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: "Work laptop",
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    const [row] = await stored(user.id);
    expect(row).toMatchObject({ credential_id: key.credentials[0].id, name: "Work laptop", passkey_count: 1 });
    const list = await agent.get("/api/user/passkeys");
    expect(list.body).toEqual([res.body]);
    expect(list.text).not.toContain(key.credentials[0].id);
  });

  it("answers 403 until the address is confirmed: an address nobody proved cannot get a way in (AUTH-12)", async () => {
    const { agent, user } = await t.signUp();
    const res = await agent.post("/api/user/passkeys/options");
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(VERIFY_EMAIL_FIRST);
    expect(await stored(user.id)).toEqual([expect.objectContaining({ credential_id: null, passkey_count: 0 })]);
  });

  it("excludes the user's passkeys from new options and shares their user handle", async () => {
    const { agent } = await t.signUp({ verified: true });
    const key = authenticator();
    await addPasskey(agent, key, "Phone");
    const options = (await agent.post("/api/user/passkeys/options")).body;
    expect(options.excludeCredentials).toEqual([
      { id: key.credentials[0].id, type: "public-key", transports: ["internal"] },
    ]);
    expect(options.user.id).toBe(key.credentials[0].userHandle);
  });

  it("refuses an answer made for another origin or another relying party id, and stores nothing", async () => {
    const { agent, user } = await t.signUp({ verified: true });
    for (const forge of [{ origin: "https://heirloom.test.evil.example" }, { rpId: "evil.example" }]) {
      const options = (await agent.post("/api/user/passkeys/options")).body;
      const res = await agent
        .post("/api/user/passkeys")
        .send({ name: "Key", response: authenticator().register(options, forge) });
      expect(res.status, JSON.stringify(forge)).toBe(400);
      expect(res.body.message).toBe(PASSKEY_MESSAGES.notVerified);
    }
    expect(await stored(user.id)).toEqual([expect.objectContaining({ credential_id: null, passkey_count: 0 })]);
  });

  it("refuses an answer without user verification", async () => {
    const { agent } = await t.signUp({ verified: true });
    const options = (await agent.post("/api/user/passkeys/options")).body;
    const res = await agent
      .post("/api/user/passkeys")
      .send({ name: "Key", response: authenticator().register(options, { userVerified: false }) });
    expect(res.status).toBe(400);
  });

  it("accepts each challenge once: the same answer again is refused", async () => {
    const { agent, user } = await t.signUp({ verified: true });
    const options = (await agent.post("/api/user/passkeys/options")).body;
    const response = authenticator().register(options);
    expect((await agent.post("/api/user/passkeys").send({ name: "Key", response })).status).toBe(201);
    const again = await agent.post("/api/user/passkeys").send({ name: "Key again", response });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(PASSKEY_MESSAGES.expired);
    expect(await stored(user.id)).toHaveLength(1);
  });

  it("refuses an answer after the challenge expired (2 minutes by the server's clock)", async () => {
    const { agent } = await t.signUp({ verified: true });
    const options = (await agent.post("/api/user/passkeys/options")).body;
    t.clock.advance(2 * 60 * 1000 + 1);
    const res = await agent
      .post("/api/user/passkeys")
      .send({ name: "Key", response: authenticator().register(options) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PASSKEY_MESSAGES.expired);
  });

  it("answers 400 for a missing name or a malformed answer", async () => {
    const { agent } = await t.signUp({ verified: true });
    const options = (await agent.post("/api/user/passkeys/options")).body;
    const response = authenticator().register(options);
    const noName = await agent.post("/api/user/passkeys").send({ name: "  ", response });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe(PASSKEY_MESSAGES.name);
    const bad = await agent
      .post("/api/user/passkeys")
      .send({ name: "Key", response: { ...response, rawId: "other-id-0123456789" } });
    expect(bad.status).toBe(400);
  });

  it("needs a sign-in or a confirmation within 15 minutes, to add as to remove", async () => {
    const { agent } = await t.signUp({ verified: true });
    const passkey = await addPasskey(agent, authenticator());
    t.clock.advance(16 * 60 * 1000);
    const options = await agent.post("/api/user/passkeys/options");
    expect(options.status).toBe(401);
    expect(options.body.message).toBe(REAUTH_REQUIRED_MESSAGE);
    expect((await agent.delete(`/api/user/passkeys/${passkey.id}`)).status).toBe(401);
    expect((await agent.patch(`/api/user/passkeys/${passkey.id}`).send({ name: "Renamed" })).status).toBe(200);
  });
});

describe("GET, PATCH and DELETE /api/user/passkeys/:id", () => {
  it("answers 401 without a session", async () => {
    expect((await t.request().get("/api/user/passkeys")).status).toBe(401);
    expect((await t.request().patch("/api/user/passkeys/1").send({ name: "x" })).status).toBe(401);
    expect((await t.request().delete("/api/user/passkeys/1")).status).toBe(401);
  });

  it("lists only the user's own passkeys, oldest first", async () => {
    const { agent } = await t.signUp({ verified: true });
    const stranger = await t.signUp({ verified: true });
    await addPasskey(stranger.agent, authenticator(), "Theirs");
    const key = authenticator();
    await addPasskey(agent, key, "Phone");
    await addPasskey(agent, key, "Security key");
    const names = ((await agent.get("/api/user/passkeys")).body as PasskeySummary[]).map((p) => p.name);
    expect(names).toEqual(["Phone", "Security key"]);
  });

  it("renames a passkey, and answers 400 for an empty name", async () => {
    const { agent, user } = await t.signUp({ verified: true });
    const passkey = await addPasskey(agent, authenticator());
    const res = await agent.patch(`/api/user/passkeys/${passkey.id}`).send({ name: "Old phone" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: passkey.id, name: "Old phone" });
    expect((await stored(user.id))[0].name).toBe("Old phone");
    expect((await agent.patch(`/api/user/passkeys/${passkey.id}`).send({ name: "" })).status).toBe(400);
  });

  it("removes a passkey and uncounts it", async () => {
    const { agent, user } = await t.signUp({ verified: true });
    const key = authenticator();
    const first = await addPasskey(agent, key, "One");
    await addPasskey(agent, key, "Two");
    expect((await agent.delete(`/api/user/passkeys/${first.id}`)).status).toBe(204);
    const rows = await stored(user.id);
    expect(rows.map((r) => [r.name, r.passkey_count])).toEqual([["Two", 1]]);
    expect((await agent.delete(`/api/user/passkeys/${first.id}`)).status).toBe(404);
  });

  it("answers 404 for another user's passkey id, and leaves it as it was", async () => {
    const owner = await t.signUp({ verified: true });
    const attacker = await t.signUp({ verified: true });
    const passkey = await addPasskey(owner.agent, authenticator(), "Owner's key");
    const rename = await attacker.agent.patch(`/api/user/passkeys/${passkey.id}`).send({ name: "Mine now" });
    expect(rename.status).toBe(404);
    expect((await attacker.agent.delete(`/api/user/passkeys/${passkey.id}`)).status).toBe(404);
    expect((await owner.agent.get("/api/user/passkeys")).body).toEqual([passkey]);
    expect((await stored(owner.user.id))[0].passkey_count).toBe(1);
  });
});
