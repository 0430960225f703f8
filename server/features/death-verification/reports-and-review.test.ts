import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deathReports, deathVerificationDocuments, deathVerificationRequests, outboxMessages } from "@shared/schema";
import { loadConfig } from "../../config";
import { fileOf, keysUnder } from "../../test/files";
import { startTestApp, type TestApp } from "../../test/harness";
import { HOUR_MS } from "../triggers/triggers.test-support";
import { ALL_SOURCES, activeParty, requestAbout, signUpAdmin, uploadEvidence } from "./dv.test-support";

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
        passwordResetPerIp: { points: 10_000, durationSeconds: 900 },
      },
    },
  });
});
afterAll(async () => {
  await t.close();
});

const REPORT = "/api/death-verification/report";
const CONFIRM = "/api/death-verification/report/confirm";
const report = (subjectEmail: string, reporterEmail = t.uniqueEmail("reporter")) => ({
  subjectEmail,
  reporterName: "Esi Mensah",
  reporterEmail,
  relationship: "sibling",
});
const requestsAbout = (userId: number) =>
  t.db.select().from(deathVerificationRequests).where(eq(deathVerificationRequests.userId, userId));

async function tokenMailedTo(address: string) {
  await t.deliverOutbox();
  return t.smtp.linkFor(address, "/report-death/confirm/")!.split("/").pop()!;
}

describe("POST /api/death-verification/report (public)", () => {
  it("answers the same 202 body whether or not an account has the address, and tells nobody before confirmation", async () => {
    const subject = await t.signUp();
    const party = await activeParty(t, subject);
    const known = await t.request().post(REPORT).send(report(subject.user.email));
    const unknown = await t.request().post(REPORT).send(report("nobody-here@example.com"));
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(await requestsAbout(subject.user.id)).toEqual([]);
    const toParty = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, party.person.user.email.toLowerCase()));
    expect(toParty.filter((m) => m.kind.startsWith("death_verification"))).toEqual([]);
  });

  it("answers 400 with the spec's messages for a bad body", async () => {
    const res = await t
      .request()
      .post(REPORT)
      .send({ subjectEmail: "x", reporterName: "", reporterEmail: "y", relationship: "cousin" });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(
      ["relationship", "reporterEmail", "reporterName", "subjectEmail"].sort(),
    );
  });

  it("opens a family_member request once the reporter confirms by POST, tells subject and parties; a second confirm is 409 (TOK-03)", async () => {
    const subject = await t.signUp();
    const party = await activeParty(t, subject);
    const reporter = t.uniqueEmail("reporter");
    await t.request().post(REPORT).send(report(subject.user.email, reporter)).expect(202);
    const token = await tokenMailedTo(reporter);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.db.select().from(deathReports).where(eq(deathReports.subjectUserId, subject.user.id));
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.reporterEmail).not.toContain(reporter);

    const first = await t.request().post(CONFIRM).send({ token });
    expect(first.status).toBe(200);
    const [request] = await requestsAbout(subject.user.id);
    expect(request).toMatchObject({
      requestorType: "family_member",
      requestorId: null,
      status: "pending",
      rehearsal: false,
    });
    expect(request.reporterEmail).not.toContain(reporter);
    const kinds = async (address: string) =>
      (await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, address.toLowerCase()))).map(
        (m) => m.kind,
      );
    expect(await kinds(subject.user.email)).toContain("death_verification_requested");
    expect(await kinds(party.person.user.email)).toContain("death_verification_confirm");

    const second = await t.request().post(CONFIRM).send({ token });
    expect(second.status).toBe(409);
    expect(await requestsAbout(subject.user.id)).toHaveLength(1);
  });

  it("answers 404 for an unknown or expired link, and confirms a report about nobody with the same answer and no request", async () => {
    expect(
      (
        await t
          .request()
          .post(CONFIRM)
          .send({ token: "A".repeat(43) })
      ).status,
    ).toBe(404);
    const subject = await t.signUp();
    const late = t.uniqueEmail("late");
    await t.request().post(REPORT).send(report(subject.user.email, late)).expect(202);
    const lateToken = await tokenMailedTo(late);
    t.clock.advance(49 * HOUR_MS);
    expect((await t.request().post(CONFIRM).send({ token: lateToken })).status).toBe(404);
    expect(await requestsAbout(subject.user.id)).toEqual([]);

    const ghost = t.uniqueEmail("ghost-reporter");
    await t.request().post(REPORT).send(report("no-account@example.com", ghost)).expect(202);
    const res = await t
      .request()
      .post(CONFIRM)
      .send({ token: await tokenMailedTo(ghost) });
    expect(res.status).toBe(200);
  });
});

describe("evidence (IDOR-07, IDOR-08)", () => {
  it("takes a document from the requestor only, stores it encrypted, and shows it to requestor, subject and admin — never other parties", async () => {
    const subject = await t.signUp();
    const asker = await activeParty(t, subject);
    const other = await activeParty(t, subject, { name: "Other" });
    const admin = await signUpAdmin(t);
    const id = await requestAbout(asker.person, subject);
    const blobsBefore = (await keysUnder(t.storage, "blobs/")).length;
    for (const who of [other.person, subject]) expect((await uploadEvidence(who, id)).status).toBe(404);
    expect((await keysUnder(t.storage, "blobs/")).length).toBe(blobsBefore);
    expect((await uploadEvidence(asker.person, id, { name: "fake.pdf", data: fileOf("html") })).status).toBe(400);
    expect((await uploadEvidence(asker.person, id, { type: "selfie" })).status).toBe(400);

    const data = fileOf("pdf", 4096);
    const res = await uploadEvidence(asker.person, id, { data });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      documentType: "death_certificate",
      fileName: "certificate.pdf",
      verificationStatus: "pending",
    });
    expect(JSON.stringify(res.body)).not.toContain("blobs/");
    const [row] = await t.db
      .select()
      .from(deathVerificationDocuments)
      .where(eq(deathVerificationDocuments.id, res.body.id));
    const raw = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      void t.storage.get(row.filePath).then((s) =>
        s
          .on("data", (c: Buffer) => chunks.push(c))
          .on("end", () => resolve(Buffer.concat(chunks)))
          .on("error", reject),
      );
    });
    expect(raw.includes(data.subarray(100, 164))).toBe(false);

    const path = `/api/death-verification/requests/${id}/documents/${res.body.id}`;
    for (const who of [asker.person, subject]) {
      const got = await who.agent.get(path).buffer(true);
      expect(got.status).toBe(200);
      expect(Buffer.compare(got.body as Buffer, data)).toBe(0);
    }
    expect((await other.person.agent.get(path)).status).toBe(404);
    const party = (await other.person.agent.get("/api/death-verification/requests")).body as { documents: unknown[] }[];
    expect(party[0].documents).toEqual([]);
    const adminGot = await admin.agent
      .get(`/api/admin/death-verifications/${id}/documents/${res.body.id}`)
      .buffer(true);
    expect(Buffer.compare(adminGot.body as Buffer, data)).toBe(0);
    expect((await rowOf(id)).status).toBe("in_review");
  });
});

const rowOf = async (id: number) =>
  (await t.db.select().from(deathVerificationRequests).where(eq(deathVerificationRequests.id, id)))[0];

describe("POST /api/admin/death-verifications/:id/review", () => {
  it("refuses to verify below 80, with a document unreviewed, or without two confirmations — changing nothing", async () => {
    const subject = await t.signUp();
    const asker = await activeParty(t, subject);
    const other = await activeParty(t, subject, { name: "Other" });
    const admin = await signUpAdmin(t);
    const id = await requestAbout(asker.person, subject);
    const doc = (await uploadEvidence(asker.person, id)).body as { id: number };
    const review = (body: Record<string, unknown>) =>
      admin.agent.post(`/api/admin/death-verifications/${id}/review`).send({ decision: "verify", ...body });
    const before = await rowOf(id);

    const low = await review({ checks: { ghanaHealthServiceCheck: ALL_SOURCES.ghanaHealthServiceCheck } });
    expect(low.status).toBe(409);
    expect(low.body.message).toMatch(/80/);
    expect((await review({ checks: ALL_SOURCES })).body.message).toMatch(/document/);
    const noConfirm = await review({ checks: ALL_SOURCES, documents: [{ id: doc.id, status: "verified" }] });
    expect(noConfirm.status).toBe(409);
    expect(noConfirm.body.message).toMatch(/confirm/);
    const noReference = await review({ checks: { ghanaHealthServiceCheck: { confirmed: true } } });
    expect(noReference.status).toBe(400);
    expect(await rowOf(id)).toEqual(before);
    const [stillPending] = await t.db
      .select()
      .from(deathVerificationDocuments)
      .where(eq(deathVerificationDocuments.id, doc.id));
    expect(stillPending.verificationStatus).toBe("pending");

    await other.person.agent
      .post(`/api/death-verification/requests/${id}/confirm`)
      .send({ decision: "confirm" })
      .expect(200);
    const ok = await review({
      checks: ALL_SOURCES,
      documents: [{ id: doc.id, status: "verified" }],
      notes: "GHS letter seen",
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: "verified", verificationScore: 100 });
    expect(ok.body.breakdown).toHaveLength(8);
    expect((await review({ checks: ALL_SOURCES })).status).toBe(409);
  });

  it("rejects with a reason that reaches the requestor, kept encrypted at rest", async () => {
    const subject = await t.signUp();
    const asker = await activeParty(t, subject);
    const admin = await signUpAdmin(t);
    const id = await requestAbout(asker.person, subject);
    const res = await admin.agent
      .post(`/api/admin/death-verifications/${id}/review`)
      .send({ decision: "reject", notes: "The certificate belongs to someone else" });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("rejected");
    await t.deliverOutbox();
    expect(
      t.smtp.to(asker.person.user.email).some((m) => m.text.includes("The certificate belongs to someone else")),
    ).toBe(true);
    const mine = (await asker.person.agent.get("/api/death-verification/requests")).body as { notes: string }[];
    expect(mine[0].notes).toBe("The certificate belongs to someone else");
    expect((await rowOf(id)).notes).not.toContain("certificate");
  });
});
