import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetReleases, assetReleaseTriggers, auditEvents } from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";
import { DAY_MS, queued, releaseLinks, triggerOwner } from "./triggers.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const inDays = (days: number) => new Date(t.clock.now().getTime() + days * DAY_MS).toISOString();
const triggerRows = (userId: number) =>
  t.db.select().from(assetReleaseTriggers).where(eq(assetReleaseTriggers.userId, userId));

describe("triggers without a session", () => {
  it("answers 401 on every route", async () => {
    const anon = t.request();
    for (const res of [
      await anon.get("/api/triggers"),
      await anon.post("/api/triggers").send({}),
      await anon.get("/api/triggers/1"),
      await anon.put("/api/triggers/1/status").send({ status: "cancelled" }),
      await anon.post("/api/triggers/1/test"),
    ])
      expect(res.status).toBe(401);
  });
});

describe("POST /api/triggers gates", () => {
  it("answers 402 without the time_triggers plan feature and 403 saying so with an unverified e-mail", async () => {
    const free = await t.signUp({ verified: true });
    const b = await free.agent
      .post("/api/beneficiaries")
      .send({ firstName: "A", lastName: "B", email: t.uniqueEmail(), relationship: "child" });
    const body = { beneficiaryId: b.body.id, triggerType: "inactivity_period", inactivityDays: 30 };
    const res = await free.agent.post("/api/triggers").send(body);
    expect(res.status).toBe(402);
    expect(res.body.message).toBe("Upgrade your plan to use time-based triggers");

    const unverified = await t.signUp();
    await unverified.agent.post("/api/upgrade-plan").send({ planId: "basic_premium" }).expect(200);
    const b2 = await unverified.agent
      .post("/api/beneficiaries")
      .send({ firstName: "A", lastName: "B", email: t.uniqueEmail(), relationship: "child" });
    const res2 = await unverified.agent.post("/api/triggers").send({ ...body, beneficiaryId: b2.body.id });
    expect(res2.status).toBe(403);
    expect(res2.body.message).toMatch(/confirm your e-mail address/);
    expect(await triggerRows(free.user.id)).toHaveLength(0);
    expect(await triggerRows(unverified.user.id)).toHaveLength(0);
  });
});

describe("POST /api/triggers rules", () => {
  it("answers 400 on the field for each type's missing or bad parameter and creates nothing", async () => {
    const o = await triggerOwner(t, { dateOfBirth: null });
    const other = await triggerOwner(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ triggerType: "specific_date" }, "triggerDate"],
      [{ triggerType: "specific_date", triggerDate: inDays(-1) }, "triggerDate"],
      [{ triggerType: "inactivity_period", inactivityDays: 0 }, "inactivityDays"],
      [{ triggerType: "inactivity_period", inactivityDays: 3651 }, "inactivityDays"],
      [{ triggerType: "inactivity_period", inactivityDays: 2.5 }, "inactivityDays"],
      [{ triggerType: "age_milestone", ageThreshold: 121 }, "ageThreshold"],
      [{ triggerType: "age_milestone", ageThreshold: 18 }, "ageThreshold"],
      [{ triggerType: "inactivity_period", inactivityDays: 30, beneficiaryId: other.beneficiaryId }, "beneficiaryId"],
      [{ triggerType: "inactivity_period", inactivityDays: 30, assetId: 2147483000 }, "assetId"],
      [{ triggerType: "inactivity_period", inactivityDays: 30, assetBundleId: 2147483000 }, "assetBundleId"],
      [{ triggerType: "inactivity_period", inactivityDays: 30, message: "x".repeat(2001) }, "message"],
      [{ triggerType: "sometime" }, "triggerType"],
    ];
    for (const [extra, path] of cases) {
      const res = await o.agent.post("/api/triggers").send({ beneficiaryId: o.beneficiaryId, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(
        res.body.errors.map((e: { path: string }) => e.path),
        JSON.stringify(extra),
      ).toContain(path);
    }
    expect(await triggerRows(o.user.id)).toHaveLength(0);
  });

  it("creates each type pending with its next event, the message sealed at rest and audited", async () => {
    const o = await triggerOwner(t, { dateOfBirth: "2012-06-01" });
    const date = inDays(10);
    const byDate = await o.agent.post("/api/triggers").send({
      beneficiaryId: o.beneficiaryId,
      triggerType: "specific_date",
      triggerDate: date,
      message: "The deed is in the blue folder",
      description: "For Kofi's 18th",
    });
    expect(byDate.status).toBe(201);
    expect(byDate.body).toMatchObject({
      status: "pending",
      triggerType: "specific_date",
      triggerDate: date,
      beneficiaryName: "Kofi Boateng",
      message: "The deed is in the blue folder",
      description: "For Kofi's 18th",
      requiresVerification: false,
      verificationMethod: "automatic",
      nextEvent: { kind: "fire", at: date },
      events: [expect.objectContaining({ kind: "created" })],
    });
    expect(byDate.body.userId).toBeUndefined();
    const [raw] = await t.db.select().from(assetReleaseTriggers).where(eq(assetReleaseTriggers.id, byDate.body.id));
    expect(raw.message).not.toContain("blue folder");
    expect(raw.description).not.toContain("Kofi");

    const idle = await o.agent
      .post("/api/triggers")
      .send({ beneficiaryId: o.beneficiaryId, triggerType: "inactivity_period", inactivityDays: "30" });
    expect(idle.status).toBe(201);
    expect(idle.body.nextEvent.kind).toBe("warning");
    expect(idle.body.inactivityDays).toBe(30);

    const age = await o.agent.post("/api/triggers").send({
      beneficiaryId: o.beneficiaryId,
      triggerType: "age_milestone",
      ageThreshold: 18,
      verificationMethod: "trusted_party",
    });
    expect(age.status).toBe(201);
    expect(age.body).toMatchObject({
      nextEvent: { kind: "fire", at: "2030-06-01T00:00:00.000Z" },
      requiresVerification: true,
      verificationMethod: "trusted_party",
    });

    const death = await o.agent
      .post("/api/triggers")
      .send({ beneficiaryId: o.beneficiaryId, triggerType: "death_certificate" });
    expect(death.status).toBe(201);
    expect(death.body.nextEvent).toBeNull();

    const list = await o.agent.get("/api/triggers");
    expect(list.body.map((r: { id: number }) => r.id)).toEqual([
      death.body.id,
      age.body.id,
      idle.body.id,
      byDate.body.id,
    ]);
    const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, o.user.id));
    expect(audits.filter((a) => a.action === "trigger_created")).toHaveLength(4);
  });

  it("moves an age milestone to the new birthday when the beneficiary's date of birth changes", async () => {
    const o = await triggerOwner(t, { dateOfBirth: "2012-06-01" });
    const age = await o.agent
      .post("/api/triggers")
      .send({ beneficiaryId: o.beneficiaryId, triggerType: "age_milestone", ageThreshold: 21 });
    expect(age.body.nextEvent.at).toBe("2033-06-01T00:00:00.000Z");
    const patched = await o.agent.patch(`/api/beneficiaries/${o.beneficiaryId}`).send({ dateOfBirth: "2011-02-03" });
    expect(patched.status).toBe(200);
    expect(patched.body.dateOfBirth).toBe("2011-02-03");
    expect((await o.agent.get(`/api/triggers/${age.body.id}`)).body.nextEvent.at).toBe("2032-02-03T00:00:00.000Z");
    expect(
      (await o.agent.patch(`/api/beneficiaries/${o.beneficiaryId}`).send({ dateOfBirth: "2999-01-01" })).status,
    ).toBe(400);
    await o.agent.patch(`/api/beneficiaries/${o.beneficiaryId}`).send({ dateOfBirth: "" }).expect(200);
    expect((await o.agent.get(`/api/triggers/${age.body.id}`)).body.nextEvent).toBeNull();
  });

  it("ignores state fields in the body (MASS-06) and refuses a move other than cancel", async () => {
    const victim = await triggerOwner(t);
    const o = await triggerOwner(t);
    const res = await o.agent.post("/api/triggers").send({
      beneficiaryId: o.beneficiaryId,
      triggerType: "inactivity_period",
      inactivityDays: 30,
      status: "completed",
      triggeredAt: inDays(-1),
      userId: victim.user.id,
      id: 999_999,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "pending", triggeredAt: null });
    expect(res.body.id).not.toBe(999_999);
    expect(await triggerRows(victim.user.id)).toHaveLength(0);
    const fired = await o.agent
      .put(`/api/triggers/${res.body.id}/status`)
      .send({ status: "fired", firedAt: inDays(0) });
    expect(fired.status).toBe(400);
    expect((await o.agent.patch(`/api/triggers/${res.body.id}`).send({ status: "triggered" })).status).toBe(404);
    expect((await o.agent.get(`/api/triggers/${res.body.id}`)).body.status).toBe("pending");
  });
});

describe("cancel and test", () => {
  it("cancels a pending trigger once (409 the second time) with its history", async () => {
    const o = await triggerOwner(t);
    const created = await o.agent
      .post("/api/triggers")
      .send({ beneficiaryId: o.beneficiaryId, triggerType: "specific_date", triggerDate: inDays(3) });
    const res = await o.agent.put(`/api/triggers/${created.body.id}/status`).send({ status: "cancelled" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", nextEvent: null });
    expect(res.body.events.map((e: { kind: string }) => e.kind)).toEqual(["created", "cancelled"]);
    const again = await o.agent.put(`/api/triggers/${created.body.id}/status`).send({ status: "cancelled" });
    expect(again.status).toBe(409);
    t.clock.advance(4 * DAY_MS);
    await t.tick();
    expect(await t.db.select().from(assetReleases).where(eq(assetReleases.userId, o.user.id))).toHaveLength(0);
  });

  it("sends the owner alone the beneficiary's message marked as a test, and releases nothing", async () => {
    const o = await triggerOwner(t);
    const created = await o.agent
      .post("/api/triggers")
      .send({ beneficiaryId: o.beneficiaryId, triggerType: "specific_date", triggerDate: inDays(3) });
    const res = await o.agent.post(`/api/triggers/${created.body.id}/test`);
    expect(res.status).toBe(202);
    await t.deliverOutbox();
    const mails = t.smtp.to(o.user.email);
    expect(mails.at(-1)!.raw).toMatch(/Subject: \[Test\]/);
    expect(mails.at(-1)!.text).toContain("TEST");
    expect(releaseLinks(t, o.user.email)).toHaveLength(1);
    expect(releaseLinks(t, o.beneficiaryEmail)).toHaveLength(0);
    const releases = await t.db.select().from(assetReleases).where(eq(assetReleases.userId, o.user.id));
    expect(releases.map((r) => r.isTest)).toEqual([true]);
    const after = await o.agent.get(`/api/triggers/${created.body.id}`);
    expect(after.body).toMatchObject({ status: "pending", triggeredAt: null });
    expect(await queued(t, "release")).toEqual([]);
  });

  it("answers another user 404 on read, cancel and test of a trigger, and sends nothing (IDOR-06)", async () => {
    const o = await triggerOwner(t);
    const created = await o.agent
      .post("/api/triggers")
      .send({ beneficiaryId: o.beneficiaryId, triggerType: "specific_date", triggerDate: inDays(3) });
    const id = created.body.id as number;
    const b = await triggerOwner(t);
    const before = t.smtp.messages.length;
    const get = await b.agent.get(`/api/triggers/${id}`);
    const cancel = await b.agent.put(`/api/triggers/${id}/status`).send({ status: "cancelled" });
    const test = await b.agent.post(`/api/triggers/${id}/test`);
    const missing = await b.agent.get("/api/triggers/2147483000");
    expect([get.status, cancel.status, test.status]).toEqual([404, 404, 404]);
    expect(get.text).toBe(missing.text);
    expect((await b.agent.get("/api/triggers")).body).toEqual([]);
    await t.deliverOutbox();
    expect(t.smtp.messages.length).toBe(before);
    expect((await o.agent.get(`/api/triggers/${id}`)).body.status).toBe("pending");
  });
});
