import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assetReleases,
  assetReleaseTriggers,
  auditEvents,
  deathVerificationRequests,
  notifications,
  outboxMessages,
  users,
} from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";
import { DAY_MS, triggerOwner } from "../triggers/triggers.test-support";
import { ALL_SOURCES, activeParty, rehearse, requestAbout, signUpAdmin, uploadEvidence } from "./dv.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const rowOf = async (id: number) =>
  (await t.db.select().from(deathVerificationRequests).where(eq(deathVerificationRequests.id, id)))[0];
const queuedFor = (recipient: string, kind: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient.toLowerCase()), eq(outboxMessages.kind, kind)));

/**
 * A subject with a death_certificate trigger for their beneficiary and two active parties; the first asks, uploads a
 * certificate, the second confirms, an admin reviews every document and verifies. Answers everyone and the ids.
 */
async function verifiedRequest() {
  const subject = await triggerOwner(t);
  await t.db.update(users).set({ phone: "+233241234567" }).where(eq(users.id, subject.user.id));
  const trigger = await subject.agent
    .post("/api/triggers")
    .send({ beneficiaryId: subject.beneficiaryId, triggerType: "death_certificate" });
  expect(trigger.status).toBe(201);
  const asker = await activeParty(t, subject, { name: "Asker" });
  const other = await activeParty(t, subject, { name: "Other" });
  const admin = await signUpAdmin(t);
  const id = await requestAbout(asker.person, subject);
  const doc = await uploadEvidence(asker.person, id);
  expect(doc.status).toBe(201);
  expect(
    (await other.person.agent.post(`/api/death-verification/requests/${id}/confirm`).send({ decision: "confirm" }))
      .status,
  ).toBe(200);
  const review = await admin.agent
    .post(`/api/admin/death-verifications/${id}/review`)
    .send({ checks: ALL_SOURCES, documents: [{ id: doc.body.id, status: "verified" }], decision: "verify" });
  expect(review.status, review.text).toBe(200);
  return { subject, asker, other, admin, id, triggerId: trigger.body.id as number };
}

describe("report → evidence → confirmations → review → waiting period → completion (fake clock)", () => {
  it("verifies at once, reminds weekly and 2 days before the end, then completes the death_certificate trigger once", async () => {
    const { subject, id, triggerId, asker } = await verifiedRequest();
    const verified = await rowOf(id);
    expect(verified).toMatchObject({ status: "verified", verificationScore: 100 });
    expect(verified.waitingPeriodEnd!.getTime() - verified.waitingPeriodStart!.getTime()).toBe(30 * DAY_MS);
    // told at once on every channel
    expect(await queuedFor(subject.user.email, "death_verification_verified")).toHaveLength(1);
    expect(await queuedFor("+233241234567", "death_verification_verified")).toHaveLength(1);
    const bell = await subject.agent.get("/api/notifications");
    expect((bell.body as { kind: string }[]).some((n) => n.kind === "death_verification_verified")).toBe(true);

    for (const day of [7, 14, 21, 28]) {
      t.clock.set(new Date(verified.waitingPeriodStart!.getTime() + day * DAY_MS + 1000));
      await t.tick();
      expect(await queuedFor(subject.user.email, "death_verification_reminder"), `day ${day}`).toHaveLength(
        [7, 14, 21, 28].indexOf(day) + 1,
      );
      expect((await rowOf(id)).status).toBe("verified");
    }
    const [before] = await t.db.select().from(assetReleaseTriggers).where(eq(assetReleaseTriggers.id, triggerId));
    expect(before.status).toBe("pending");

    t.clock.set(new Date(verified.waitingPeriodEnd!.getTime() + 1000));
    await t.tick();
    await t.tick();
    expect((await rowOf(id)).status).toBe("completed");
    const [after] = await t.db.select().from(assetReleaseTriggers).where(eq(assetReleaseTriggers.id, triggerId));
    expect(after.status).toBe("completed");
    const releases = await t.db.select().from(assetReleases).where(eq(assetReleases.userId, subject.user.id));
    expect(releases).toHaveLength(1);
    expect(await queuedFor(asker.person.user.email, "death_verification_completed")).toHaveLength(1);
    // the subject's sign-in after completion changes nothing any more
    await t.request().post("/api/login").send({ email: subject.user.email, password: subject.password });
    expect((await rowOf(id)).status).toBe("completed");
  });

  it("stops everything when the subject signs in on day 29: rejected, every party told, audited, nothing released", async () => {
    const { subject, asker, other, id, triggerId } = await verifiedRequest();
    const start = (await rowOf(id)).waitingPeriodStart!;
    t.clock.set(new Date(start.getTime() + 29 * DAY_MS));
    const login = await t.request().post("/api/login").send({ email: subject.user.email, password: subject.password });
    expect(login.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: "rejected", rejectedBy: "subject_activity" });
    for (const who of [asker.person, other.person]) {
      expect(await queuedFor(who.user.email, "death_verification_stopped"), who.user.email).toHaveLength(1);
    }
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "death_verification_stopped"), eq(auditEvents.target, `death_verification:${id}`)),
      );
    expect(audit).toHaveLength(1);

    t.clock.set(new Date(start.getTime() + 31 * DAY_MS));
    await t.tick();
    const [trigger] = await t.db.select().from(assetReleaseTriggers).where(eq(assetReleaseTriggers.id, triggerId));
    expect(trigger.status).toBe("pending");
    expect(await t.db.select().from(assetReleases).where(eq(assetReleases.userId, subject.user.id))).toEqual([]);
    expect((await rowOf(id)).status).toBe("rejected");
  });

  it("bars the same requestor for 30 days after the subject stopped their request (clock), not other parties", async () => {
    const subject = await t.signUp();
    const asker = await activeParty(t, subject);
    const other = await activeParty(t, subject, { name: "Other" });
    const id = await requestAbout(asker.person, subject);
    const checkIn = await subject.agent.post("/api/check-in");
    expect(checkIn.status).toBe(200);
    expect((await rowOf(id)).status).toBe("rejected");
    const again = await asker.person.agent
      .post("/api/death-verification/request")
      .send({ subjectUserId: subject.user.id, requestorType: "trusted_party" });
    expect(again.status).toBe(409);
    expect(await requestAbout(other.person, subject)).toBeGreaterThan(id);
    t.clock.advance(30 * DAY_MS + 1000);
    // sessions end after 30 idle minutes: the party signs in again
    const { email } = asker.person.user;
    await asker.person.agent.post("/api/login").send({ email, password: asker.person.password }).expect(200);
    expect(await requestAbout(asker.person, subject)).toBeGreaterThan(id);
  });

  it("never lets the sign-in and the completion both win at the 30-day boundary (RACE-04)", async () => {
    const { subject, id, triggerId } = await verifiedRequest();
    const end = (await rowOf(id)).waitingPeriodEnd!;
    t.clock.set(new Date(end.getTime() + 1));
    const [, login] = await Promise.all([
      t.tick(),
      t.request().post("/api/login").send({ email: subject.user.email, password: subject.password }),
    ]);
    expect(login.status).toBe(200);
    const status = (await rowOf(id)).status;
    const [trigger] = await t.db.select().from(assetReleaseTriggers).where(eq(assetReleaseTriggers.id, triggerId));
    const released = await t.db.select().from(assetReleases).where(eq(assetReleases.userId, subject.user.id));
    if (status === "completed") {
      expect(trigger.status).toBe("completed");
      expect(released).toHaveLength(1);
    } else {
      expect(status).toBe("rejected");
      expect(trigger.status).toBe("pending");
      expect(released).toEqual([]);
    }
  });

  it("runs the owner's rehearsal end to end as a test that completes and releases nothing", async () => {
    const owner = await triggerOwner(t);
    const trigger = await owner.agent
      .post("/api/triggers")
      .send({ beneficiaryId: owner.beneficiaryId, triggerType: "death_certificate" });
    const admin = await signUpAdmin(t);
    const id = await rehearse(owner);
    expect((await uploadEvidence(owner, id)).status).toBe(201);
    const list = await admin.agent.get("/api/admin/death-verifications");
    const queued = (list.body as { id: number; documents: { id: number }[]; rehearsal: boolean }[]).find(
      (r) => r.id === id,
    )!;
    expect(queued.rehearsal).toBe(true);
    const review = await admin.agent.post(`/api/admin/death-verifications/${id}/review`).send({
      checks: ALL_SOURCES,
      documents: [{ id: queued.documents[0].id, status: "verified" }],
      decision: "verify",
    });
    expect(review.status, review.text).toBe(200);
    // the owner's own activity does not stop their drill
    await owner.agent.post("/api/check-in").expect(200);
    t.clock.advance(31 * DAY_MS);
    await t.tick();
    expect((await rowOf(id)).status).toBe("completed");
    const [row] = await t.db.select().from(assetReleaseTriggers).where(eq(assetReleaseTriggers.id, trigger.body.id));
    expect(row.status).toBe("pending");
    await t.deliverOutbox();
    const mails = t.smtp.to(owner.user.email).filter((m) => /rehearsal|\[TEST\]/.test(m.raw));
    expect(mails.length).toBeGreaterThanOrEqual(3);
    for (const m of t.smtp.to(owner.user.email).filter((m) => /death verification|rehearsal/i.test(m.text))) {
      expect(m.raw).toContain("[TEST]");
    }
    const bell = await t.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    for (const n of bell.filter((b) => b.kind.startsWith("death_verification"))) expect(n.title).toMatch(/^\[TEST\]/);
  });
});
