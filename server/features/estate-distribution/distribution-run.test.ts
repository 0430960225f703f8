import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, deathVerificationRequests } from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";
import { rehearse, signUpAdmin, uploadEvidence, ALL_SOURCES } from "../death-verification/dv.test-support";
import { DAY_MS, releaseLinks } from "../triggers/triggers.test-support";
import { releaseDueSteps } from "./distribution-run";
import { distributingOwner, releasesWithKinds, settingsOf, verifyDeath } from "./distribution.test-support";
import { runInTransaction } from "../../db";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const requestRow = async (id: number) =>
  (await t.db.select().from(deathVerificationRequests).where(eq(deathVerificationRequests.id, id)))[0];

describe("estate distribution after a verified death (fake clock)", () => {
  it("releases files at once, accounts after the waiting period, physical assets after the legal review, then completes", async () => {
    const owner = await distributingOwner(t);
    const { id } = await verifyDeath(t, owner);
    expect(await releasesWithKinds(t, owner.user.id)).toEqual([]);
    const end = (await requestRow(id)).waitingPeriodEnd!;

    // the waiting period ends: active, the immediate kind released to the beneficiary, with a link that opens it
    t.clock.set(new Date(end.getTime() + 1000));
    await t.tick();
    await t.deliverOutbox();
    const start = t.clock.now();
    expect(await settingsOf(t, owner.user.id)).toMatchObject({ status: "active", executionDate: start });
    let releases = await releasesWithKinds(t, owner.user.id);
    expect(releases.map((r) => r.kinds)).toEqual([["file"]]);
    expect(releases[0]).toMatchObject({ triggerId: null, isTest: false, beneficiaryName: "Kofi Boateng" });
    const links = releaseLinks(t, owner.beneficiaryEmail);
    expect(links).toHaveLength(1);
    const opened = await t
      .agent()
      .post("/api/releases/open")
      .send({ token: links[0].split("/").pop() });
    expect(opened.status, opened.text).toBe(200);
    expect((opened.body.assets as { kind: string }[]).map((a) => a.kind)).toEqual(["file"]);

    // the admin list shows what awaits review, metadata only (an admin signed in now: sessions end after 12 h)
    let admin = await signUpAdmin(t);
    const list = await admin.agent.get("/api/admin/estate-distributions?status=active");
    expect(list.status).toBe(200);
    const mine = (list.body as { userId: number }[]).find((d) => d.userId === owner.user.id);
    expect(mine).toMatchObject({
      awaitingReview: ["physical_assets"],
      releasedKinds: ["digital_files", "digital_content", "personal_documents"],
    });
    expect(JSON.stringify(mine)).not.toContain(owner.beneficiaryEmail);
    const someone = await t.signUp({ verified: true });
    expect((await someone.agent.get("/api/admin/estate-distributions")).status).toBe(403);

    // a second before the 10 days nothing more; after them, the accounts
    t.clock.set(new Date(start.getTime() + 10 * DAY_MS - 1000));
    await t.tick();
    expect(await releasesWithKinds(t, owner.user.id)).toHaveLength(1);
    t.clock.set(new Date(start.getTime() + 10 * DAY_MS));
    await Promise.all([t.tick(), t.tick()]);
    releases = await releasesWithKinds(t, owner.user.id);
    expect(releases.map((r) => r.kinds)).toEqual([["file"], ["online_account"]]);
    expect((await settingsOf(t, owner.user.id)).status).toBe("active");

    // the physical asset waits for the review, however long
    t.clock.advance(60 * DAY_MS);
    await t.tick();
    expect(await releasesWithKinds(t, owner.user.id)).toHaveLength(2);
    admin = await signUpAdmin(t);
    const review = await admin.agent.post(`/api/admin/estate-distributions/${owner.user.id}/legal-review`);
    expect(review.status, review.text).toBe(200);
    expect(review.body).toMatchObject({ status: "completed", awaitingReview: [], pendingKinds: [] });
    releases = await releasesWithKinds(t, owner.user.id);
    expect(releases.map((r) => r.kinds)).toEqual([["file"], ["online_account"], ["physical_asset"]]);
    expect(await settingsOf(t, owner.user.id)).toMatchObject({ status: "completed", completedAt: t.clock.now() });
    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "estate_distribution_legal_review_done"),
          eq(auditEvents.target, `estate_distribution:${owner.user.id}`),
        ),
      );
    expect(audited).toHaveLength(1);
    expect(audited[0].actorId).toBe(admin.user.id);

    // nothing twice: a second review is refused, more ticks release nothing
    const again = await admin.agent.post(`/api/admin/estate-distributions/${owner.user.id}/legal-review`);
    expect(again.status).toBe(409);
    t.clock.advance(DAY_MS);
    await t.tick();
    await t.deliverOutbox();
    expect(await releasesWithKinds(t, owner.user.id)).toHaveLength(3);
    expect(releaseLinks(t, owner.beneficiaryEmail)).toHaveLength(3);
  });

  it("releases a step once when two runs read the same row (the conditional update on released_kinds)", async () => {
    const owner = await distributingOwner(t);
    const { id } = await verifyDeath(t, owner);
    t.clock.set(new Date((await requestRow(id)).waitingPeriodEnd!.getTime() + 1000));
    await t.tick();
    t.clock.advance(10 * DAY_MS);
    const stale = await settingsOf(t, owner.user.id);
    const runs = [];
    for (let i = 0; i < 2; i++) {
      runs.push(await runInTransaction(t.db, (tx) => releaseDueSteps(tx, t.deps, stale, t.clock.now())));
    }
    expect(runs.map((r) => r.length)).toEqual([1, 0]);
    expect((await releasesWithKinds(t, owner.user.id)).map((r) => r.kinds)).toEqual([["file"], ["online_account"]]);
  });

  it("answers 404 for a review of an owner with no active distribution", async () => {
    const admin = await signUpAdmin(t);
    const owner = await distributingOwner(t);
    expect((await admin.agent.post(`/api/admin/estate-distributions/${owner.user.id}/legal-review`)).status).toBe(404);
    expect((await admin.agent.post(`/api/admin/estate-distributions/999999/legal-review`)).status).toBe(404);
    expect((await settingsOf(t, owner.user.id)).legalReviewDoneAt).toBeNull();
  });

  it("distributes nothing for a rehearsal", async () => {
    const owner = await distributingOwner(t);
    const admin = await signUpAdmin(t);
    const id = await rehearse(owner);
    expect((await uploadEvidence(owner, id)).status).toBe(201);
    const list = await admin.agent.get("/api/admin/death-verifications");
    const queued = (list.body as { id: number; documents: { id: number }[] }[]).find((r) => r.id === id)!;
    const review = await admin.agent.post(`/api/admin/death-verifications/${id}/review`).send({
      checks: ALL_SOURCES,
      documents: [{ id: queued.documents[0].id, status: "verified" }],
      decision: "verify",
    });
    expect(review.status, review.text).toBe(200);
    t.clock.advance(60 * DAY_MS);
    await t.tick();
    await t.tick();
    expect((await requestRow(id)).status).toBe("completed");
    expect((await settingsOf(t, owner.user.id)).status).toBe("pending");
    expect(await releasesWithKinds(t, owner.user.id)).toEqual([]);
  });

  it("distributes nothing when the owner signs in during the waiting period (veto)", async () => {
    const owner = await distributingOwner(t);
    const { id } = await verifyDeath(t, owner);
    t.clock.advance(5 * DAY_MS);
    const login = await t.request().post("/api/login").send({ email: owner.user.email, password: owner.password });
    expect(login.status).toBe(200);
    expect((await requestRow(id)).status).toBe("rejected");
    t.clock.advance(60 * DAY_MS);
    await t.tick();
    expect((await settingsOf(t, owner.user.id)).status).toBe("pending");
    expect(await releasesWithKinds(t, owner.user.id)).toEqual([]);
  });
});
