import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, enhancedTrustedParties } from "@shared/schema";
import { loadConfig } from "../../config";
import { startTestApp, type TestApp } from "../../test/harness";

const baseLimits = loadConfig({
  NODE_ENV: "test",
  DATA_DIR: "/tmp/unused",
  SESSION_SECRET: "x".repeat(64),
  APP_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
}).rateLimits;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    config: {
      rateLimits: {
        ...baseLimits,
        registerPerIp: { points: 10_000, durationSeconds: 3600 },
        tokenLookupPerIp: { points: 10_000, durationSeconds: 900 },
      },
    },
  });
});
afterAll(async () => {
  await t.close();
});

const BASE = "/api/enhanced-trusted-parties";
const ACCEPT = "/api/trusted-party-invitations/accept";
const HOUR = 3_600_000;
let seq = 0;
const rowOf = async (id: number) =>
  (await t.db.select().from(enhancedTrustedParties).where(eq(enhancedTrustedParties.id, id)))[0];

/** An owner with a verified e-mail names a party at `email`; answers the party's id and the mailed token. */
async function invite(email = t.uniqueEmail(`invitee${++seq}`)) {
  const owner = await t.signUp({ firstName: "Yaa", lastName: "Asantewaa", verified: true });
  const created = await owner.agent.post(BASE).send({
    trustedPersonName: "Kofi Boateng",
    trustedPersonEmail: email,
    relationship: "sibling",
    canAccessAssets: true,
  });
  expect(created.status).toBe(201);
  await t.deliverOutbox();
  const token = t.smtp.linkFor(email, "/trusted-party/")!.split("/").pop()!;
  return { owner, id: created.body.id as number, email, token };
}

describe("the invitation link", () => {
  it("shows who invited whom on GET and changes nothing, however often it is opened", async () => {
    const { id, token } = await invite();
    const before = await rowOf(id);
    for (let i = 0; i < 2; i++) {
      const res = await t.request().get(`/api/trusted-party-invitations/${token}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ownerName: "Yaa Asantewaa",
        trustedPersonName: "Kofi Boateng",
        invitedEmail: before.trustedPersonEmail,
      });
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
    }
    expect(await rowOf(id)).toEqual(before);
    expect((await t.request().get("/api/trusted-party-invitations/not-a-token")).status).toBe(404);
  });

  it("needs a signed-in account to accept", async () => {
    const { token } = await invite();
    expect((await t.request().post(ACCEPT).send({ token })).status).toBe(401);
  });
});

describe("POST /api/trusted-party-invitations/accept (TOK-03)", () => {
  it("makes the party active for the invited account, tells the owner, and lists the owner in /api/trusted-for", async () => {
    const { owner, id, email, token } = await invite();
    const person = await t.signUp({ email });
    const res = await person.agent.post(ACCEPT).send({ token });
    expect(res.status).toBe(200);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "active", trustedPersonId: person.user.id, invitationExpires: null });
    expect(row.activatedAt).toBeInstanceOf(Date);
    expect((await owner.agent.get(BASE)).body[0]).toMatchObject({ status: "active", invitationMail: null });
    const notes = await owner.agent.get("/api/notifications?limit=10");
    expect(JSON.stringify(notes.body)).toContain("Kofi Boateng accepted your invitation");

    const mine = await person.agent.get("/api/trusted-for");
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      {
        id,
        ownerId: owner.user.id,
        ownerName: "Yaa Asantewaa",
        relationship: "sibling",
        canInitiateDeathVerification: true,
        canAccessAssets: true,
        canManageBeneficiaries: false,
        activatedAt: row.activatedAt!.toISOString(),
      },
    ]);

    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `trusted_party:${id}`));
    expect(audited.map((e) => [e.action, e.actorId])).toEqual([
      ["trusted_party_added", owner.user.id],
      ["trusted_party_accepted", person.user.id],
    ]);

    // Used: 409 the second time, for the same account as for any other.
    expect((await person.agent.post(ACCEPT).send({ token })).status).toBe(409);
  });

  it("refuses another account with 403 and leaves the invitation open", async () => {
    const { id, token } = await invite();
    const other = await t.signUp();
    const res = await other.agent.post(ACCEPT).send({ token });
    expect(res.status).toBe(403);
    expect(await rowOf(id)).toMatchObject({ status: "inactive", trustedPersonId: null });
    expect((await other.agent.get("/api/trusted-for")).body).toEqual([]);
  });

  it("refuses an expired link with 404", async () => {
    const { id, email, token } = await invite();
    t.clock.advance(120 * HOUR + 1000);
    // Signed up after the jump: a session idle for five days would have ended on its own.
    const person = await t.signUp({ email });
    expect((await person.agent.post(ACCEPT).send({ token })).status).toBe(404);
    expect((await t.request().get(`/api/trusted-party-invitations/${token}`)).status).toBe(404);
    expect(await rowOf(id)).toMatchObject({ status: "inactive" });
  });

  it("refuses a link whose party was revoked, and a revoke ends an active party's access", async () => {
    const pending = await invite();
    await pending.owner.agent.post(`${BASE}/${pending.id}/revoke`).expect(200);
    const late = await t.signUp({ email: pending.email });
    expect((await late.agent.post(ACCEPT).send({ token: pending.token })).status).toBe(404);

    const { owner, id, email, token } = await invite();
    const person = await t.signUp({ email });
    await person.agent.post(ACCEPT).send({ token }).expect(200);
    expect((await person.agent.get("/api/trusted-for")).body).toHaveLength(1);
    await owner.agent.post(`${BASE}/${id}/revoke`).expect(200);
    expect((await person.agent.get("/api/trusted-for")).body).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ status: "revoked" });
    const notes = await person.agent.get("/api/notifications?limit=10");
    expect(JSON.stringify(notes.body)).toContain("You are no longer a trusted party");
  });

  it("lets a person without an account register through the link first and then accept", async () => {
    const { email, token } = await invite();
    const fresh = t.request();
    expect((await fresh.get(`/api/trusted-party-invitations/${token}`)).status).toBe(200);
    const person = await t.signUp({ email });
    expect((await person.agent.post(ACCEPT).send({ token })).status).toBe(200);
  });
});
