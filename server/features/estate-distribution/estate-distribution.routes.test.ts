import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, estateDistributionSettings } from "@shared/schema";
import { DEFAULT_ESTATE_DISTRIBUTION, ESTATE_DISTRIBUTION_MESSAGES as M } from "@shared/validators/estate-distribution";
import { buildAsset, buildTypedAsset } from "../../test/factories";
import { startTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const BASE = "/api/estate-distribution";
const rowOf = async (userId: number) =>
  (await t.db.select().from(estateDistributionSettings).where(eq(estateDistributionSettings.userId, userId)))[0];

describe("estate distribution without a session or as another role", () => {
  it("answers 401 signed out and 403 to an agent, changing nothing", async () => {
    const anon = t.request();
    expect((await anon.get(BASE)).status).toBe(401);
    expect((await anon.put(BASE).send({ waitingPeriodDays: 10 })).status).toBe(401);
    expect((await anon.get(`${BASE}/preview`)).status).toBe(401);
    const { agent } = await t.signUp({ userType: "agent" });
    expect((await agent.put(BASE).send({ waitingPeriodDays: 10 })).status).toBe(403);
  });
});

describe("GET /api/estate-distribution", () => {
  it("answers the spec's defaults until the owner saves, and stores nothing for a read", async () => {
    const { agent, user } = await t.signUp();
    const res = await agent.get(BASE);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...DEFAULT_ESTATE_DISTRIBUTION,
      status: "pending",
      executionDate: null,
      completedAt: null,
      savedAt: null,
    });
    expect(res.body).toMatchObject({ waitingPeriodDays: 30, requiresLegalReview: true, includeDigitalFiles: true });
    expect(await rowOf(user.id)).toBeUndefined();
  });
});

describe("PUT /api/estate-distribution", () => {
  it("answers 400 with the field's message at and beyond the bounds, and changes nothing", async () => {
    const { agent, user } = await t.signUp();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ waitingPeriodDays: 0 }, "waitingPeriodDays", M.waitingPeriod],
      [{ waitingPeriodDays: 366 }, "waitingPeriodDays", M.waitingPeriod],
      [{ waitingPeriodDays: 1.5 }, "waitingPeriodDays", M.waitingPeriod],
      [{ waitingPeriodDays: "30" }, "waitingPeriodDays", M.waitingPeriod],
      [{ triggerType: "owner_request" }, "triggerType", M.triggerType],
      [{ requiresLegalReview: "yes" }, "requiresLegalReview", M.flag],
      [{ includeOnlineAccounts: null }, "includeOnlineAccounts", M.flag],
      [
        { categoryTimings: { ...DEFAULT_ESTATE_DISTRIBUTION.categoryTimings, physical_assets: "never" } },
        "categoryTimings.physical_assets",
        M.timing,
      ],
      [{ categoryTimings: { digital_files: "immediate" } }, "categoryTimings.online_accounts", M.timing],
      [{ categoryTimings: "immediate" }, "categoryTimings", M.timing],
    ];
    for (const [body, path, message] of cases) {
      const res = await agent.put(BASE).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toContainEqual({ path, message });
    }
    expect(await rowOf(user.id)).toBeUndefined();
    expect((await agent.get(BASE)).body.savedAt).toBeNull();
  });

  it("accepts the bounds 1 and 365 days", async () => {
    const { agent } = await t.signUp();
    expect((await agent.put(BASE).send({ waitingPeriodDays: 1 })).body.waitingPeriodDays).toBe(1);
    expect((await agent.put(BASE).send({ waitingPeriodDays: 365 })).body.waitingPeriodDays).toBe(365);
  });

  it("refuses any change once the distribution has started (409), and keeps the settings it is carrying out", async () => {
    const { agent, user } = await t.signUp();
    await agent.put(BASE).send({ waitingPeriodDays: 20 }).expect(200);
    await t.db
      .update(estateDistributionSettings)
      .set({ status: "active", executionDate: t.clock.now() })
      .where(eq(estateDistributionSettings.userId, user.id));
    const res = await agent.put(BASE).send({ waitingPeriodDays: 365, includeOnlineAccounts: true });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Your estate distribution has started: its settings can no longer change.");
    expect(await rowOf(user.id)).toMatchObject({
      waitingPeriodDays: 20,
      includeOnlineAccounts: false,
      status: "active",
    });
  });

  it("saves the owner's fields over the ones in force, ignores state fields, audits, and reads back", async () => {
    const { agent, user } = await t.signUp();
    t.clock.advance(60_000);
    const savedAt = t.clock.now().toISOString();
    const res = await agent.put(BASE).send({
      waitingPeriodDays: 45,
      includeFinancialAssets: true,
      categoryTimings: { ...DEFAULT_ESTATE_DISTRIBUTION.categoryTimings, financial_assets: "legal_review" },
      status: "completed",
      executionDate: "2026-01-01T00:00:00.000Z",
      completedAt: "2026-01-02T00:00:00.000Z",
      userId: user.id + 1,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      waitingPeriodDays: 45,
      includeFinancialAssets: true,
      requiresLegalReview: true,
      includeDigitalFiles: true,
      status: "pending",
      executionDate: null,
      completedAt: null,
      savedAt,
    });
    expect(res.body.categoryTimings.financial_assets).toBe("legal_review");
    const second = await agent.put(BASE).send({ requiresLegalReview: false });
    expect(second.body).toMatchObject({
      waitingPeriodDays: 45,
      includeFinancialAssets: true,
      requiresLegalReview: false,
    });
    expect((await agent.get(BASE)).body).toEqual(second.body);
    expect(await rowOf(user.id + 1)).toBeUndefined();
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `estate_distribution:${user.id}`));
    expect(events.map((e) => [e.action, e.actorId])).toEqual([
      ["estate_distribution_updated", user.id],
      ["estate_distribution_updated", user.id],
    ]);
  });

  it("keeps each owner's settings to themselves", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await a.agent.put(BASE).send({ waitingPeriodDays: 90 });
    expect((await b.agent.get(BASE)).body).toMatchObject({ waitingPeriodDays: 30, savedAt: null });
    await b.agent.put(BASE).send({ waitingPeriodDays: 7 });
    expect((await a.agent.get(BASE)).body.waitingPeriodDays).toBe(90);
    expect((await rowOf(b.user.id)).waitingPeriodDays).toBe(7);
  });
});

describe("GET /api/estate-distribution/preview", () => {
  it("lays out the owner's own assets by timing, and follows the saved settings", async () => {
    const { agent } = await t.signUp();
    await buildAsset(agent);
    await buildTypedAsset(agent, "financial_assets");
    await buildTypedAsset(agent, "physical_assets");
    const other = await t.signUp();
    await buildAsset(other.agent);
    await buildAsset(other.agent, { name: "b.pdf" });

    const first = await agent.get(`${BASE}/preview`);
    expect(first.status).toBe(200);
    expect(first.body.stages.map((s: { timing: string; afterDays: number | null }) => [s.timing, s.afterDays])).toEqual(
      [
        ["immediate", 0],
        ["legal_review", null],
      ],
    );
    expect(first.body.stages[0].kinds).toContainEqual({ kind: "digital_files", count: 1 });
    expect(first.body.stages[1].kinds).toEqual([{ kind: "physical_assets", count: 1 }]);
    expect(first.body.excluded).toContainEqual({ kind: "financial_assets", count: 1 });

    await agent.put(BASE).send({ includeFinancialAssets: true, waitingPeriodDays: 60 });
    const next = await agent.get(`${BASE}/preview`);
    const delayed = next.body.stages.find((s: { timing: string }) => s.timing === "delayed");
    expect(delayed).toEqual({ timing: "delayed", afterDays: 60, kinds: [{ kind: "financial_assets", count: 1 }] });
  });
});
