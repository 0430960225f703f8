import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enhancedTrustedParties, outboxMessages } from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const BASE = "/api/enhanced-trusted-parties";
let seq = 0;
const party = (extra: Record<string, unknown> = {}) => ({
  trustedPersonName: "Kwame Asante",
  trustedPersonEmail: t.uniqueEmail(`tp${++seq}`),
  relationship: "attorney",
  trustedPersonPhone: "+233 24 123 4567",
  ghanaCardNumber: "GHA-123456789-1",
  mobileMoneyNumber: "+233201234567",
  traditionalAuthority: "Asante Traditional Council",
  ...extra,
});
const rowOf = async (id: number) =>
  (await t.db.select().from(enhancedTrustedParties).where(eq(enhancedTrustedParties.id, id)))[0];
const outboxTo = (recipient: string) =>
  t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));

describe("trusted parties without a session", () => {
  it("answers 401 on every owner route", async () => {
    const anon = t.request();
    for (const res of [
      await anon.get(BASE),
      await anon.post(BASE).send(party()),
      await anon.get(`${BASE}/1`),
      await anon.patch(`${BASE}/1`).send({ trustedPersonName: "X" }),
      await anon.delete(`${BASE}/1`),
      await anon.post(`${BASE}/1/revoke`),
      await anon.post(`${BASE}/1/resend-invitation`),
      await anon.get("/api/trusted-for"),
    ]) {
      expect(res.status).toBe(401);
    }
  });
});

describe("POST /api/enhanced-trusted-parties", () => {
  it("answers 400 with the spec's messages for a bad body", async () => {
    const { agent } = await t.signUp();
    const cases: [Record<string, unknown>, string][] = [
      [{ trustedPersonName: " " }, "Full name is required"],
      [{ trustedPersonEmail: "nope" }, "Valid email is required"],
      [{ relationship: "cousin" }, "Relationship is required"],
      [{ ghanaCardNumber: "GHA-12345-1" }, "Ghana Card number must look like GHA-123456789-1"],
      [{ trustedPersonPhone: "024 123 4567" }, "Invalid Ghana phone number format"],
      [{ mobileMoneyNumber: "+23324123456" }, "Invalid Ghana phone number format"],
    ];
    for (const [bad, message] of cases) {
      const res = await agent.post(BASE).send(party(bad));
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await agent.get(BASE)).body).toEqual([]);
  });

  it("creates an inactive party, ignores state fields, masks the numbers and encrypts them at rest", async () => {
    const { agent, user } = await t.signUp({ verified: true });
    const input = party({ status: "active", activatedAt: "2026-01-01T00:00:00Z", trustedPersonId: user.id });
    const res = await agent.post(BASE).send(input);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      trustedPersonName: "Kwame Asante",
      status: "inactive",
      activatedAt: null,
      canInitiateDeathVerification: true,
      canAccessAssets: false,
      trustedPersonPhone: "+233••••••567",
      ghanaCardNumber: "GHA-••••••••9-1",
      mobileMoneyNumber: "+233••••••567",
      invitationMail: "sent",
    });
    expect(res.body).not.toHaveProperty("invitationTokenHash");
    expect(res.body).not.toHaveProperty("trustedPersonId");

    const row = await rowOf(res.body.id);
    expect(row).toMatchObject({ userId: user.id, status: "inactive", trustedPersonId: null, activatedAt: null });
    for (const secret of [row.trustedPersonPhone, row.ghanaCardNumber, row.mobileMoneyNumber]) {
      expect(secret).toBeTruthy();
      expect(secret).not.toMatch(/123456789|241234567|201234567/);
    }
    expect(JSON.stringify(row)).not.toContain("GHA-123456789-1");

    const list = await agent.get(BASE);
    expect(list.body).toHaveLength(1);
    expect(list.body[0].ghanaCardNumber).toBe("GHA-••••••••9-1");
    const edit = await agent.get(`${BASE}/${res.body.id}`);
    expect(edit.body).toMatchObject({ ghanaCardNumber: "GHA-123456789-1", trustedPersonPhone: "+233241234567" });
  });

  it("holds the invitation until the owner's own e-mail is verified", async () => {
    const { agent, user } = await t.signUp();
    const input = party();
    const res = await agent.post(BASE).send(input);
    expect(res.status).toBe(201);
    expect(res.body.invitationMail).toBe("waiting_for_your_email");
    await t.deliverOutbox();
    expect(t.smtp.to(input.trustedPersonEmail)).toHaveLength(0);
    expect(await outboxTo(input.trustedPersonEmail)).toMatchObject([
      { status: "held", senderUserId: user.id, toOthers: true, kind: "trusted_party_invitation" },
    ]);

    const token = t.smtp.linkFor(user.email, "/verify-email/")!.split("/").pop();
    await agent.post("/api/auth/verify-email").send({ token }).expect(200);
    await t.deliverOutbox();
    const link = t.smtp.linkFor(input.trustedPersonEmail, "/trusted-party/");
    expect(link).toMatch(/^http:\/\/heirloom\.test\/trusted-party\/[A-Za-z0-9_-]{43}$/);
    const row = await rowOf(res.body.id);
    expect(row.invitationTokenHash).toMatch(/^[a-f0-9]{64}$/);
    expect(row.invitationTokenHash).not.toContain(link!.split("/").pop());
    const hours = (row.invitationExpires!.getTime() - t.clock.now().getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(120, 3);
  });
});

describe("PATCH, DELETE, revoke and resend", () => {
  it("updates the owner's party and re-invites a pending party's new address", async () => {
    const { agent } = await t.signUp({ verified: true });
    const created = (await agent.post(BASE).send(party())).body;
    const moved = t.uniqueEmail("moved");
    const res = await agent
      .patch(`${BASE}/${created.id}`)
      .send({ trustedPersonName: "Kwame A.", trustedPersonEmail: moved, status: "active" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ trustedPersonName: "Kwame A.", trustedPersonEmail: moved, status: "inactive" });
    await t.deliverOutbox();
    expect(t.smtp.linkFor(moved, "/trusted-party/")).toBeTruthy();
    const bad = await agent.patch(`${BASE}/${created.id}`).send({ ghanaCardNumber: "123" });
    expect(bad.status).toBe(400);
  });

  it("answers 404 for another owner's party on every verb and sends no mail to the attacker's address (IDOR-07)", async () => {
    const a = await t.signUp({ verified: true });
    const b = await t.signUp({ verified: true });
    const created = (await a.agent.post(BASE).send(party())).body;
    const before = await rowOf(created.id);
    const attacker = t.uniqueEmail("attacker");
    for (const res of [
      await b.agent.get(`${BASE}/${created.id}`),
      await b.agent.patch(`${BASE}/${created.id}`).send({ trustedPersonEmail: attacker }),
      await b.agent.post(`${BASE}/${created.id}/resend-invitation`),
      await b.agent.post(`${BASE}/${created.id}/revoke`),
      await b.agent.delete(`${BASE}/${created.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Not found" });
    }
    await t.deliverOutbox();
    expect(t.smtp.to(attacker)).toHaveLength(0);
    expect(await outboxTo(attacker)).toHaveLength(0);
    expect(await rowOf(created.id)).toEqual(before);
    expect((await b.agent.get(BASE)).body).toEqual([]);
  });

  it("revokes once, resends only a pending invitation, and deletes", async () => {
    const { agent } = await t.signUp({ verified: true });
    const created = (await agent.post(BASE).send(party())).body;
    const resent = await agent.post(`${BASE}/${created.id}/resend-invitation`);
    expect(resent.status).toBe(200);
    const revoked = await agent.post(`${BASE}/${created.id}/revoke`);
    expect(revoked.body).toMatchObject({ status: "revoked", invitationMail: null });
    expect((await agent.post(`${BASE}/${created.id}/revoke`)).status).toBe(409);
    expect((await agent.post(`${BASE}/${created.id}/resend-invitation`)).status).toBe(409);
    expect((await agent.delete(`${BASE}/${created.id}`)).status).toBe(204);
    expect(await rowOf(created.id)).toBeUndefined();
    expect((await agent.get(`${BASE}/${created.id}`)).status).toBe(404);
  });

  it("counts the owner's trusted parties on the dashboard", async () => {
    const { agent } = await t.signUp({ verified: true });
    await agent.post(BASE).send(party()).expect(201);
    await agent.post(BASE).send(party()).expect(201);
    expect((await agent.get("/api/dashboard/stats")).body.trustedParties).toBe(2);
  });
});
