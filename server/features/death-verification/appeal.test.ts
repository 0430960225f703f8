import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, deathVerificationRequests, notifications, outboxMessages } from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";
import { DAY_MS } from "../triggers/triggers.test-support";
import {
  ALREADY_APPEALED_MESSAGE,
  DEADLINE_PASSED_MESSAGE,
  REHEARSAL_APPEAL_MESSAGE,
  VETOED_MESSAGE,
} from "./appeal.service";
import { ALL_SOURCES, activeParty, rehearse, requestAbout, signUpAdmin, uploadEvidence } from "./dv.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type SignedUp = Awaited<ReturnType<TestApp["signUp"]>>;
type Listed = {
  id: number;
  status: string;
  canAppeal: boolean;
  appealDeadline: string | null;
  appealedAt: string | null;
  notes: string | null;
  appealReason: string | null;
};

const rowOf = async (id: number) =>
  (await t.db.select().from(deathVerificationRequests).where(eq(deathVerificationRequests.id, id)))[0];
const queued = (recipient: string, kind: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient.toLowerCase()), eq(outboxMessages.kind, kind)));
const appeal = (
  who: SignedUp,
  id: number,
  reason = "The certificate was issued by the Korle Bu registry: please call them.",
) => who.agent.post(`/api/death-verification/requests/${id}/appeal`).send({ reason });
const listedBy = async (who: SignedUp, id: number) =>
  ((await who.agent.get("/api/death-verification/requests")).body as Listed[]).find((r) => r.id === id)!;
/** Signs `who` in again on a fresh jar (after the fake clock moved past their session's life). */
async function signInAgain(who: SignedUp): Promise<SignedUp> {
  const agent = t.agent();
  await agent.post("/api/login").send({ email: who.user.email, password: who.password }).expect(200);
  return { ...who, agent };
}

/** A subject with one active party who reports with a certificate; an admin rejects it with a reason. */
async function rejectedRequest() {
  const subject = await t.signUp();
  const asker = await activeParty(t, subject, { name: "Asker" });
  const admin = await signUpAdmin(t);
  const id = await requestAbout(asker.person, subject);
  const doc = await uploadEvidence(asker.person, id);
  expect(doc.status).toBe(201);
  const rejected = await admin.agent.post(`/api/admin/death-verifications/${id}/review`).send({
    documents: [{ id: doc.body.id, status: "rejected" }],
    decision: "reject",
    notes: "Certificate unreadable",
  });
  expect(rejected.status, rejected.text).toBe(200);
  return { subject, asker, admin, id, docId: doc.body.id as number };
}

describe("POST /api/death-verification/requests/:id/appeal (fake clock)", () => {
  it("lets the requestor appeal within 30 days: back in the queue as an appeal, subject and reviewers told, audited; verified after it, then the waiting period", async () => {
    const { subject, asker, admin, id, docId } = await rejectedRequest();
    const rejectedAt = t.clock.now();
    const before = await listedBy(asker.person, id);
    expect(before).toMatchObject({ status: "rejected", canAppeal: true, notes: "Certificate unreadable" });
    expect(new Date(before.appealDeadline!).getTime()).toBe(rejectedAt.getTime() + 30 * DAY_MS);
    expect((await listedBy(subject, id)).canAppeal).toBe(false);

    const requestor = asker.person;
    const res = await appeal(requestor, id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id, status: "appealed", canAppeal: false, notes: "Certificate unreadable" });
    expect(res.body.appealReason).toContain("Korle Bu");
    const row = await rowOf(id);
    expect(row.appealedAt).toEqual(t.clock.now());
    expect(row.appealReason).not.toContain("Korle Bu");

    // the admin queue lists it as an appeal, with the earlier rejection's reason and the requestor's
    const reviewer = admin;
    const queue = (await reviewer.agent.get("/api/admin/death-verifications")).body as (Listed & { id: number })[];
    expect(queue.find((r) => r.id === id)).toMatchObject({
      status: "appealed",
      notes: "Certificate unreadable",
      appealReason: expect.stringContaining("Korle Bu"),
    });
    // told: the subject on every channel (e-mail and bell), the reviewers by e-mail and bell; audited
    expect(await queued(subject.user.email, "death_verification_appealed")).toHaveLength(1);
    const subjectBell = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, subject.user.id), eq(notifications.kind, "death_verification_appealed")));
    expect(subjectBell).toHaveLength(1);
    const reviewMail = await queued(admin.user.email, "death_verification_review");
    expect(reviewMail.filter((m) => m.dedupeKey.startsWith(`dv:${id}:`))).toHaveLength(2);
    await t.deliverOutbox();
    expect(t.smtp.to(admin.user.email.toLowerCase()).some((m) => m.text.includes("was appealed"))).toBe(true);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "death_verification_appealed"), eq(auditEvents.target, `death_verification:${id}`)),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0].actorId).toBe(asker.person.user.id);

    // more evidence with the appeal, then the admin verifies through the same review route
    const more = await uploadEvidence(requestor, id, { type: "medical_record", name: "record.pdf" });
    expect(more.status, more.text).toBe(201);
    const verified = await reviewer.agent.post(`/api/admin/death-verifications/${id}/review`).send({
      checks: ALL_SOURCES,
      documents: [
        { id: docId, status: "verified" },
        { id: more.body.id, status: "verified" },
      ],
      decision: "verify",
    });
    expect(verified.status, verified.text).toBe(200);
    const waiting = await rowOf(id);
    expect(waiting.status).toBe("verified");
    expect(waiting.waitingPeriodEnd!.getTime() - waiting.waitingPeriodStart!.getTime()).toBe(30 * DAY_MS);
    expect((await appeal(requestor, id)).status).toBe(409);

    t.clock.set(new Date(waiting.waitingPeriodEnd!.getTime() + 1000));
    await t.tick();
    expect((await rowOf(id)).status).toBe("completed");
  });

  it("makes the decision on an appeal final: a second rejection cannot be appealed", async () => {
    const { asker, admin, id } = await rejectedRequest();
    expect((await appeal(asker.person, id)).status).toBe(200);
    const again = await admin.agent
      .post(`/api/admin/death-verifications/${id}/review`)
      .send({ decision: "reject", notes: "Still unreadable" });
    expect(again.status, again.text).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: "rejected", appealDeadline: null });
    expect(await listedBy(asker.person, id)).toMatchObject({ canAppeal: false, notes: "Still unreadable" });
    const second = await appeal(asker.person, id);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(ALREADY_APPEALED_MESSAGE);
    expect(await queued(asker.person.user.email, "death_verification_rejected")).toHaveLength(2);
  });

  it("refuses an appeal after the deadline, and changes nothing", async () => {
    const { asker, id } = await rejectedRequest();
    t.clock.advance(30 * DAY_MS + 1000);
    const requestor = await signInAgain(asker.person);
    expect((await listedBy(requestor, id)).canAppeal).toBe(false);
    const res = await appeal(requestor, id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(DEADLINE_PASSED_MESSAGE);
    expect(await rowOf(id)).toMatchObject({ status: "rejected", appealedAt: null, appealReason: null });
  });

  it("never takes an appeal of a request the subject's own activity stopped, nor of a rehearsal", async () => {
    const subject = await t.signUp();
    const asker = await activeParty(t, subject);
    const admin = await signUpAdmin(t);
    const id = await requestAbout(asker.person, subject);
    await subject.agent.post("/api/check-in").expect(200);
    expect(await rowOf(id)).toMatchObject({ status: "rejected", rejectedBy: "subject_activity" });
    const vetoed = await appeal(asker.person, id);
    expect(vetoed.status).toBe(409);
    expect(vetoed.body.message).toBe(VETOED_MESSAGE);

    const drill = await rehearse(subject);
    await admin.agent.post(`/api/admin/death-verifications/${drill}/review`).send({ decision: "reject" }).expect(200);
    expect((await rowOf(drill)).appealDeadline).toBeNull();
    const res = await appeal(subject, drill);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(REHEARSAL_APPEAL_MESSAGE);
  });

  it("gives a family report rejected by an admin no appeal deadline: its reporter has no account to appeal from", async () => {
    const subject = await t.signUp();
    const admin = await signUpAdmin(t);
    const reporter = t.uniqueEmail("reporter");
    await t
      .request()
      .post("/api/death-verification/report")
      .send({
        subjectEmail: subject.user.email,
        reporterName: "Esi Mensah",
        reporterEmail: reporter,
        relationship: "sibling",
      })
      .expect(202);
    await t.deliverOutbox();
    const token = t.smtp.linkFor(reporter, "/report-death/confirm/")!.split("/").pop();
    await t.request().post("/api/death-verification/report/confirm").send({ token }).expect(200);
    const [row] = await t.db
      .select()
      .from(deathVerificationRequests)
      .where(eq(deathVerificationRequests.userId, subject.user.id));
    await admin.agent.post(`/api/admin/death-verifications/${row.id}/review`).send({ decision: "reject" }).expect(200);
    expect(await rowOf(row.id)).toMatchObject({ status: "rejected", rejectedBy: "admin", appealDeadline: null });
  });

  it("answers 404 — the body of a missing id — to anyone but the requestor, whatever the body; 400 without a reason", async () => {
    const { subject, id } = await rejectedRequest();
    const otherParty = await activeParty(t, subject, { name: "Other" });
    const stranger = await t.signUp();
    const missing = await appeal(stranger, 2_147_483_000);
    expect(missing.status).toBe(404);
    for (const who of [subject, otherParty.person, stranger]) {
      const res = await appeal(who, id);
      expect(res.status, who.user.email).toBe(404);
      expect(res.text).toBe(missing.text);
      expect((await who.agent.post(`/api/death-verification/requests/${id}/appeal`).send({})).status).toBe(404);
    }
    expect((await rowOf(id)).status).toBe("rejected");
  });

  it("answers 400 with the message when the reason is missing or too long", async () => {
    const { asker, id } = await rejectedRequest();
    for (const reason of ["", "x".repeat(2001)]) {
      const res = await asker.person.agent.post(`/api/death-verification/requests/${id}/appeal`).send({ reason });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe("reason");
    }
    expect((await rowOf(id)).status).toBe("rejected");
  });

  it("takes one of two simultaneous appeals: one 200, one 409, one audit row and one message to the subject", async () => {
    const { subject, asker, id } = await rejectedRequest();
    const answers = await Promise.all([appeal(asker.person, id, "First"), appeal(asker.person, id, "Second")]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "death_verification_appealed"), eq(auditEvents.target, `death_verification:${id}`)),
      );
    expect(audit).toHaveLength(1);
    expect(await queued(subject.user.email, "death_verification_appealed")).toHaveLength(1);
  });
});

describe("answers while a request is under appeal", () => {
  it("lets another active party confirm or deny an appealed request, once; the appellant still cannot answer it", async () => {
    const subject = await t.signUp();
    const asker = await activeParty(t, subject, { name: "Asker" });
    const other = await activeParty(t, subject, { name: "Other" });
    const admin = await signUpAdmin(t);
    const id = await requestAbout(asker.person, subject);
    const doc = await uploadEvidence(asker.person, id);
    await admin.agent
      .post(`/api/admin/death-verifications/${id}/review`)
      .send({ documents: [{ id: doc.body.id, status: "rejected" }], decision: "reject", notes: "Unreadable" })
      .expect(200);
    const confirm = (who: SignedUp) =>
      who.agent.post(`/api/death-verification/requests/${id}/confirm`).send({ decision: "confirm" });
    expect((await confirm(other.person)).status).toBe(404);

    await appeal(asker.person, id).expect(200);
    const answered = await confirm(other.person);
    expect(answered.status, answered.text).toBe(200);
    expect((await confirm(other.person)).status).toBe(409);
    expect((await confirm(asker.person)).status).toBe(404);
    expect((await rowOf(id)).status).toBe("appealed");
  });
});

describe("reviewer e-mail", () => {
  it("e-mails every admin once per request when it enters review, and again once when it is appealed", async () => {
    const subject = await t.signUp();
    const asker = await activeParty(t, subject, { name: "Asker" });
    const other = await activeParty(t, subject, { name: "Other" });
    const admins = [await signUpAdmin(t), await signUpAdmin(t)];
    const id = await requestAbout(asker.person, subject);
    for (const admin of admins) expect(await queued(admin.user.email, "death_verification_review")).toHaveLength(0);

    expect((await uploadEvidence(asker.person, id)).status).toBe(201);
    expect((await uploadEvidence(asker.person, id, { type: "obituary" })).status).toBe(201);
    await other.person.agent
      .post(`/api/death-verification/requests/${id}/confirm`)
      .send({ decision: "confirm" })
      .expect(200);
    const ours = (rows: { dedupeKey: string }[]) => rows.filter((m) => m.dedupeKey?.startsWith(`dv:${id}:`));
    for (const admin of admins) {
      expect(ours(await queued(admin.user.email, "death_verification_review")), admin.user.email).toHaveLength(1);
    }
    await t.deliverOutbox();
    for (const admin of admins) {
      const mail = t.smtp.to(admin.user.email.toLowerCase()).filter((m) => m.text.includes(`Request #${id} `));
      expect(mail).toHaveLength(1);
      expect(mail[0].text).toContain("A death verification is ready for review");
      expect(mail[0].text).toContain("/admin/death-verifications");
    }

    await admins[0].agent.post(`/api/admin/death-verifications/${id}/review`).send({ decision: "reject" }).expect(200);
    expect((await appeal(asker.person, id)).status).toBe(200);
    for (const admin of admins) {
      expect(ours(await queued(admin.user.email, "death_verification_review"))).toHaveLength(2);
    }
    for (const admin of admins) {
      const [mail] = await t.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.dedupeKey, `dv:${id}:appeal:${admin.user.id}:email`));
      expect(mail?.recipient).toBe(admin.user.email.toLowerCase());
    }
  });
});
