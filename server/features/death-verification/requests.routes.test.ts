import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deathVerificationRequests, notifications, outboxMessages, users } from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";
import { activeParty, rehearse, requestAbout } from "./dv.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const REQUEST = "/api/death-verification/request";
const rowOf = async (id: number) =>
  (await t.db.select().from(deathVerificationRequests).where(eq(deathVerificationRequests.id, id)))[0];
const queued = (recipient: string, kind?: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(
      and(eq(outboxMessages.recipient, recipient.toLowerCase()), ...(kind ? [eq(outboxMessages.kind, kind)] : [])),
    );

describe("death verification without a session", () => {
  it("answers 401 on every signed-in route and 403 to a client on the admin routes", async () => {
    const anon = t.request();
    for (const res of [
      await anon.post(REQUEST).send({ requestorType: "family_member" }),
      await anon.get("/api/death-verification/requests"),
      await anon.post("/api/death-verification/requests/1/confirm").send({ decision: "confirm" }),
      await anon.post("/api/death-verification/requests/1/documents"),
      await anon.get("/api/admin/death-verifications"),
    ]) {
      expect(res.status).toBe(401);
    }
    const { agent } = await t.signUp();
    expect((await agent.get("/api/admin/death-verifications")).status).toBe(403);
    expect((await agent.post("/api/admin/death-verifications/1/review").send({ decision: "verify" })).status).toBe(403);
  });
});

describe("POST /api/death-verification/request", () => {
  it("answers 400 for a bad body and creates nothing", async () => {
    const owner = await t.signUp();
    for (const body of [{}, { requestorType: "agent" }, { requestorType: "trusted_party", subjectUserId: "x" }]) {
      const res = await owner.agent.post(REQUEST).send(body);
      expect(res.status).toBe(400);
    }
    expect((await owner.agent.get("/api/death-verification/requests")).body).toEqual([]);
  });

  it("lets the owner rehearse: 201 rehearsal, pending, state fields never taken from the body, a test message to them alone (MASS-06)", async () => {
    const owner = await t.signUp();
    const party = await activeParty(t, owner);
    const res = await owner.agent.post(REQUEST).send({
      requestorType: "family_member",
      ghanaHealthServiceCheck: true,
      status: "verified",
      verificationScore: 100,
      waitingPeriodStart: "2020-01-01T00:00:00Z",
      waitingPeriodEnd: "2020-01-02T00:00:00Z",
      confirmations: 99,
      userId: party.person.user.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      rehearsal: true,
      status: "pending",
      verificationScore: 0,
      waitingPeriodStart: null,
      waitingPeriodEnd: null,
      subjectUserId: owner.user.id,
      ghanaHealthServiceCheck: true,
      role: "subject",
    });
    expect(res.body.userId).toBeUndefined();
    const mail = await queued(owner.user.email, "death_verification_requested");
    expect(mail).toHaveLength(1);
    await t.deliverOutbox();
    expect(t.smtp.to(owner.user.email).some((m) => m.raw.includes("[TEST]"))).toBe(true);
    expect(await queued(party.person.user.email, "death_verification_confirm")).toEqual([]);
    // there is no route that edits a request: state moves only through its transitions
    expect(
      (await owner.agent.patch(`/api/death-verification/requests/${res.body.id}`).send({ status: "verified" })).status,
    ).toBe(404);
    expect(await rowOf(res.body.id)).toMatchObject({ status: "pending", verificationScore: 0 });
  });

  it("opens a real request for an active party allowed to: the subject told on every channel, the other parties asked", async () => {
    const subject = await t.signUp();
    await t.db.update(users).set({ phone: "+233201112223" }).where(eq(users.id, subject.user.id));
    const asker = await activeParty(t, subject);
    const other = await activeParty(t, subject, { name: "Other" });
    const res = await asker.person.agent
      .post(REQUEST)
      .send({ subjectUserId: subject.user.id, requestorType: "trusted_party", status: "verified" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      rehearsal: false,
      status: "pending",
      role: "requestor",
      requestorType: "trusted_party",
    });
    expect(await queued(subject.user.email, "death_verification_requested")).toHaveLength(1);
    expect(await queued("+233201112223", "death_verification_requested")).toHaveLength(1);
    const bell = await t.db.select().from(notifications).where(eq(notifications.userId, subject.user.id));
    expect(bell.some((n) => n.kind === "death_verification_requested")).toBe(true);
    expect(await queued(other.person.user.email, "death_verification_confirm")).toHaveLength(1);
    expect(await queued(asker.person.user.email, "death_verification_confirm")).toEqual([]);
    // the other party sees it to answer, without the evidence; a second open request by the same party is refused
    const seen = (await other.person.agent.get("/api/death-verification/requests")).body as Record<string, unknown>[];
    expect(seen).toEqual([
      expect.objectContaining({ id: res.body.id, role: "party", canConfirm: true, documents: [] }),
    ]);
    const twice = await asker.person.agent
      .post(REQUEST)
      .send({ subjectUserId: subject.user.id, requestorType: "trusted_party" });
    expect(twice.status).toBe(409);
  });

  it("answers the same 404 for a party without the permission, a stranger, a revoked party and an unknown person", async () => {
    const subject = await t.signUp();
    const noFlag = await activeParty(t, subject, { canInitiate: false });
    const revoked = await activeParty(t, subject);
    await subject.agent.post(`/api/enhanced-trusted-parties/${revoked.partyId}/revoke`).expect(200);
    const stranger = await t.signUp();
    const bodies = [];
    for (const who of [noFlag.person, revoked.person, stranger]) {
      const res = await who.agent
        .post(REQUEST)
        .send({ subjectUserId: subject.user.id, requestorType: "trusted_party" });
      expect(res.status).toBe(404);
      bodies.push(res.text);
    }
    const unknown = await stranger.agent
      .post(REQUEST)
      .send({ subjectUserId: 2_147_483_000, requestorType: "trusted_party" });
    expect(unknown.status).toBe(404);
    expect(new Set([...bodies, unknown.text]).size).toBe(1);
    expect(
      await t.db.select().from(deathVerificationRequests).where(eq(deathVerificationRequests.userId, subject.user.id)),
    ).toEqual([]);
  });
});

describe("POST /api/death-verification/requests/:id/confirm (IDOR-08, RACE-06)", () => {
  it("answers 404 to a party of someone else, to the requestor and to the subject; 409 on a second answer, counted once", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const asker = await activeParty(t, a);
    const other = await activeParty(t, a, { name: "Other" });
    const bParty = await activeParty(t, b);
    const id = await requestAbout(asker.person, a);
    const confirm = (who: { agent: typeof a.agent }) =>
      who.agent.post(`/api/death-verification/requests/${id}/confirm`).send({ decision: "confirm" });
    expect((await confirm(bParty.person)).status).toBe(404);
    expect((await confirm(asker.person)).status).toBe(404);
    expect((await confirm(a)).status).toBe(404);
    expect(
      (await other.person.agent.post(`/api/death-verification/requests/${id}/confirm`).send({ decision: "maybe" }))
        .status,
    ).toBe(400);
    expect((await confirm(other.person)).status).toBe(200);
    const again = await confirm(other.person);
    expect(again.status).toBe(409);
    const mine = (await asker.person.agent.get("/api/death-verification/requests")).body as {
      confirmationCount: number;
    }[];
    expect(mine[0].confirmationCount).toBe(1);
    expect((await rowOf(id)).status).toBe("in_review");
  });

  it("counts two simultaneous answers of one party once, and two parties reaching review make one transition", async () => {
    const subject = await t.signUp();
    const admin = await t.signUp();
    await t.db.update(users).set({ userType: "admin" }).where(eq(users.id, admin.user.id));
    const asker = await activeParty(t, subject);
    const p1 = await activeParty(t, subject, { name: "One" });
    const p2 = await activeParty(t, subject, { name: "Two" });
    const id = await requestAbout(asker.person, subject);
    const url = `/api/death-verification/requests/${id}/confirm`;
    const answers = await Promise.all([
      p1.person.agent.post(url).send({ decision: "confirm" }),
      p1.person.agent.post(url).send({ decision: "confirm" }),
      p2.person.agent.post(url).send({ decision: "confirm" }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 409]);
    const list = (await asker.person.agent.get("/api/death-verification/requests")).body as {
      confirmationCount: number;
    }[];
    expect(list[0].confirmationCount).toBe(2);
    const adminBell = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.user.id), eq(notifications.kind, "death_verification_review")));
    expect(adminBell.filter((n) => n.body.includes(`#${id} `))).toHaveLength(1);
  });

  it("refuses answers to a rehearsal and to a request the subject stopped", async () => {
    const subject = await t.signUp();
    const asker = await activeParty(t, subject);
    const other = await activeParty(t, subject, { name: "Other" });
    const drill = await rehearse(subject);
    const id = await requestAbout(asker.person, subject);
    await subject.agent.post("/api/check-in").expect(200);
    for (const target of [drill, id]) {
      const res = await other.person.agent
        .post(`/api/death-verification/requests/${target}/confirm`)
        .send({ decision: "deny" });
      expect(res.status).toBe(404);
    }
  });

  it("lets a revoked party's open request and answers lapse", async () => {
    const subject = await t.signUp();
    const asker = await activeParty(t, subject);
    const other = await activeParty(t, subject, { name: "Other" });
    const third = await activeParty(t, subject, { name: "Third" });
    const id = await requestAbout(asker.person, subject);
    const url = `/api/death-verification/requests/${id}/confirm`;
    await other.person.agent.post(url).send({ decision: "confirm" }).expect(200);
    await subject.agent.post(`/api/enhanced-trusted-parties/${other.partyId}/revoke`).expect(200);
    const mine = (await asker.person.agent.get("/api/death-verification/requests")).body as {
      confirmationCount: number;
    }[];
    expect(mine[0].confirmationCount).toBe(0);
    await subject.agent.post(`/api/enhanced-trusted-parties/${asker.partyId}/revoke`).expect(200);
    expect(await rowOf(id)).toMatchObject({ status: "rejected", rejectedBy: "party_revoked" });
    expect((await third.person.agent.post(url).send({ decision: "confirm" })).status).toBe(404);
    const after = (await asker.person.agent.get("/api/death-verification/requests")).body as { status: string }[];
    expect(after).toEqual([expect.objectContaining({ id, status: "rejected" })]);
  });
});
