import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storageLimitBytes } from "@shared/plans";
import { assetBundles } from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";
import { BILLING_PERIOD_MS } from "./billing.pricing";
import { userRow } from "./billing.test-support";

let t: TestApp;

/** Moving the clock by weeks ends the session (12 h absolute), so sign in again afterwards. */
async function signIn(email: string, password: string) {
  const agent = t.agent();
  await agent.post("/api/login").send({ email, password }).expect(200);
  return agent;
}

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("POST /api/subscription/cancel (test mode)", () => {
  it("answers 409 on the free plan", async () => {
    const { agent } = await t.signUp();
    const res = await agent.post("/api/subscription/cancel");
    expect(res.status).toBe(409);
  });

  it("keeps the plan until the period ends, then reverts to freemium on read", async () => {
    const { agent, user, password } = await t.signUp();
    await agent.post("/api/purchase-storage").send({ storageGB: 1 }).expect(200);
    await agent.post("/api/upgrade-plan").send({ planId: "advanced_premium" }).expect(200);
    const res = await agent.post("/api/subscription/cancel");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ applied: false, user: { plan: "advanced_premium" } });
    expect(res.body.message).toMatch(/^Your Advanced Premium plan stays active until .+, then switches to Freemium\.$/);
    expect((await agent.post("/api/subscription/cancel")).status).toBe(409);

    t.clock.advance(BILLING_PERIOD_MS - 60_000);
    const later = await signIn(user.email, password);
    expect((await later.get("/api/usage")).body).toMatchObject({ plan: "advanced_premium", cancelAtPeriodEnd: true });

    t.clock.advance(120_000);
    const usage = await later.get("/api/usage");
    expect(usage.body).toMatchObject({ plan: "freemium", cancelAtPeriodEnd: false, planRenewsAt: null });
    const row = await userRow(t.db, user.id);
    expect(row.plan).toBe("freemium");
    expect(row.storageLimit).toBe(storageLimitBytes("freemium", 1));
  });

  it("rolls a running test-mode plan on to its next period", async () => {
    const { agent, user, password } = await t.signUp();
    await agent.post("/api/upgrade-plan").send({ planId: "basic_premium" }).expect(200);
    const first = (await userRow(t.db, user.id)).planRenewsAt as Date;
    t.clock.advance(BILLING_PERIOD_MS + 1000);
    const usage = await (await signIn(user.email, password)).get("/api/usage");
    expect(usage.body.plan).toBe("basic_premium");
    expect(usage.body.planRenewsAt).toBe(new Date(first.getTime() + BILLING_PERIOD_MS).toISOString());
  });
});

describe("GET /api/billing/history", () => {
  it("lists the user's own purchases newest first with a total", async () => {
    const { agent, user } = await t.signUp();
    await agent.post("/api/purchase-storage").send({ storageGB: 12 }).expect(200);
    t.clock.advance(1000);
    await agent.post("/api/upgrade-plan").send({ planId: "basic_premium" }).expect(200);
    const { agent: other } = await t.signUp();

    const res = await agent.get("/api/billing/history");
    expect(res.status).toBe(200);
    expect(res.headers["x-total-count"]).toBe("2");
    expect(res.body.map((i: { name: string }) => i.name)).toEqual(["Basic Premium plan", "Additional storage: 12 GB"]);
    expect(res.body[1]).toEqual({
      id: expect.any(Number),
      name: "Additional storage: 12 GB",
      category: "storage",
      quantity: 12,
      price: "23.88",
      status: "paid",
      createdAt: expect.any(String),
      paid: null,
    });
    expect(Object.keys(res.body[0]).sort()).toEqual([
      "category",
      "createdAt",
      "id",
      "name",
      "paid",
      "price",
      "quantity",
      "status",
    ]);
    expect((await other.get("/api/billing/history")).body).toEqual([]);
    const rows = await t.db.select().from(assetBundles).where(eq(assetBundles.userId, user.id));
    expect(rows).toHaveLength(2);
  });
});
