import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetReleases, assetReleaseTriggers, notifications, outboxMessages, users } from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";
import { DAY_MS, HOUR_MS, idleOwner, releaseLinks, triggerOwner } from "./triggers.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const checkInLinks = (address: string) =>
  t.smtp
    .to(address)
    .map((m) => m.text.match(/https?:\/\/\S*\/check-in\/[A-Za-z0-9_-]+/)?.[0])
    .filter((l): l is string => l !== undefined);
const warningsOf = (userId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, "trigger_warning")));
const triggerRow = async (id: number) =>
  (await t.db.select().from(assetReleaseTriggers).where(eq(assetReleaseTriggers.id, id)))[0];

describe("the inactivity warning ladder", () => {
  it("warns at 50 %, 25 %, 7, 3 and 1 day(s) left, each once with a check-in link, then fires once at the end", async () => {
    const o = await idleOwner(t);
    const rungs = [15, 22.5, 23, 27, 29].map((d) => o.start + d * DAY_MS);
    for (const [i, due] of rungs.entries()) {
      t.clock.set(new Date(due - 1000));
      await t.tick();
      await t.deliverOutbox();
      expect(checkInLinks(o.user.email), `before rung ${i + 1}`).toHaveLength(i);
      t.clock.set(new Date(due));
      await t.tick();
      await t.tick();
      await t.deliverOutbox();
      expect(checkInLinks(o.user.email), `rung ${i + 1}`).toHaveLength(i + 1);
      expect(await warningsOf(o.user.id)).toHaveLength(i + 1);
      expect((await triggerRow(o.triggerId)).warningRung).toBe(i + 1);
    }
    expect(new Set(checkInLinks(o.user.email)).size).toBe(5);
    expect(t.smtp.to(o.user.email).at(-1)!.text).toContain("release your chosen records");
    t.clock.set(new Date(o.start + 30 * DAY_MS - 1000));
    await t.tick();
    expect((await triggerRow(o.triggerId)).status).toBe("pending");
    t.clock.set(new Date(o.start + 30 * DAY_MS));
    await t.tick();
    await t.tick();
    await t.deliverOutbox();
    expect((await triggerRow(o.triggerId)).status).toBe("completed");
    expect(releaseLinks(t, o.beneficiaryEmail)).toHaveLength(1);
    expect(checkInLinks(o.beneficiaryEmail)).toHaveLength(0);
  });

  it("sends nothing twice when a run is retried over a rung it already sent (dedupe keys)", async () => {
    const o = await idleOwner(t);
    t.clock.set(new Date(o.start + 15 * DAY_MS));
    await t.tick();
    const row = await triggerRow(o.triggerId);
    // a second process that read the row before the first committed does the same work again
    await t.db
      .update(assetReleaseTriggers)
      .set({ warningRung: 0, nextEventAt: new Date(o.start + 15 * DAY_MS), nextEventKind: "warning" })
      .where(eq(assetReleaseTriggers.id, o.triggerId));
    await t.tick();
    await t.deliverOutbox();
    expect(checkInLinks(o.user.email)).toHaveLength(1);
    expect(await warningsOf(o.user.id)).toHaveLength(1);
    expect((await triggerRow(o.triggerId)).nextEventAt).toEqual(row.nextEventAt);
  });

  it("after downtime sends only the latest due rung, and a period already over fires without a late warning", async () => {
    const o = await idleOwner(t);
    t.clock.set(new Date(o.start + 27.5 * DAY_MS));
    await t.tick();
    await t.deliverOutbox();
    expect(checkInLinks(o.user.email)).toHaveLength(1);
    expect((await triggerRow(o.triggerId)).warningRung).toBe(4);

    const late = await idleOwner(t);
    t.clock.set(new Date(late.start + 31 * DAY_MS));
    await t.tick();
    await t.deliverOutbox();
    expect(checkInLinks(late.user.email)).toHaveLength(0);
    expect((await triggerRow(late.triggerId)).status).toBe("completed");
  });
});

describe("owner activity resets the period (TRIG-01)", () => {
  it("a sign-in at T−1 h stops the trigger and re-arms the ladder, with a reset in its history", async () => {
    const o = await idleOwner(t);
    t.clock.set(new Date(o.start + 30 * DAY_MS - HOUR_MS));
    await t.tick();
    expect((await triggerRow(o.triggerId)).warningRung).toBe(5);
    const login = t.agent();
    await login.post("/api/login").send({ email: o.user.email, password: o.password }).expect(200);
    const detail = await login.get(`/api/triggers/${o.triggerId}`);
    expect(detail.body.events.map((e: { kind: string }) => e.kind)).toEqual(["created", "warning", "reset"]);
    t.clock.advance(2 * HOUR_MS);
    await t.tick();
    const row = await triggerRow(o.triggerId);
    expect(row).toMatchObject({ status: "pending", warningRung: 0, nextEventKind: "warning" });
    expect(row.nextEventAt!.getTime()).toBe(o.start + 30 * DAY_MS - HOUR_MS + 15 * DAY_MS);
    expect(await t.db.select().from(assetReleases).where(eq(assetReleases.userId, o.user.id))).toHaveLength(0);
  });

  it("counts the warning's link once (409 after), and nobody else's sign-in or check-in", async () => {
    const o = await idleOwner(t);
    const stranger = await triggerOwner(t);
    t.clock.set(new Date(o.start + 15 * DAY_MS));
    await t.tick();
    await t.deliverOutbox();
    const token = checkInLinks(o.user.email)[0].split("/").pop()!;

    const strangerSession = t.agent();
    await strangerSession
      .post("/api/login")
      .send({ email: stranger.user.email, password: stranger.password })
      .expect(200);
    await strangerSession.post("/api/check-in").expect(200);
    expect((await triggerRow(o.triggerId)).warningRung).toBe(1);

    const page = await t.request().get(`/check-in/${token}`);
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect((await triggerRow(o.triggerId)).warningRung).toBe(1);

    t.clock.advance(HOUR_MS);
    const res = await t.request().post(`/api/check-in/${token}`);
    expect(res.status).toBe(200);
    const row = await triggerRow(o.triggerId);
    expect(row.warningRung).toBe(0);
    expect(row.nextEventAt!.getTime()).toBe(o.start + 15 * DAY_MS + HOUR_MS + 15 * DAY_MS);
    expect((await t.request().post(`/api/check-in/${token}`)).status).toBe(409);
    expect((await t.request().post(`/api/check-in/${"A".repeat(43)}`)).status).toBe(404);
  });

  it('the signed-in check-in ("I\'m still here") resets it too; an expired link does not', async () => {
    const o = await idleOwner(t);
    t.clock.set(new Date(o.start + 15 * DAY_MS));
    await t.tick();
    await t.deliverOutbox();
    const token = checkInLinks(o.user.email)[0].split("/").pop()!;
    const agent = t.agent();
    await agent.post("/api/login").send({ email: o.user.email, password: o.password }).expect(200);
    await t.db
      .update(users)
      .set({ lastActivityAt: new Date(o.start) })
      .where(eq(users.id, o.user.id));
    t.clock.advance(10 * 60 * 1000);
    const res = await agent.post("/api/check-in");
    expect(res.status).toBe(200);
    expect(res.body.checkedInAt).toBe(t.clock.now().toISOString());
    expect((await triggerRow(o.triggerId)).nextEventAt!.getTime()).toBe(t.clock.now().getTime() + 15 * DAY_MS);
    t.clock.advance(31 * DAY_MS);
    expect((await t.request().post(`/api/check-in/${token}`)).status).toBe(404);
    const queuedWarnings = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, "inactivity_warning"), eq(outboxMessages.recipient, o.user.email)));
    expect(queuedWarnings).toHaveLength(1);
  });
});
