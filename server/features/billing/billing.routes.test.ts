import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MB, storageLimitBytes } from "@shared/plans";
import { digitalAssets, users } from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";
import { BILLING_PERIOD_MS } from "./billing.pricing";
import { buildBeneficiaries, buildFiles, bundlesOf, userRow } from "./billing.test-support";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("billing routes need a session", () => {
  it.each([
    ["get", "/api/usage"],
    ["get", "/api/billing/history"],
    ["post", "/api/upgrade-plan"],
    ["post", "/api/purchase-storage"],
    ["post", "/api/subscription/cancel"],
  ] as const)("%s %s answers 401 without one", async (method, path) => {
    const req = t.request();
    const res = await (method === "get" ? req.get(path) : req.post(path).send({}));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthorized" });
  });
});

describe("GET /api/usage", () => {
  it("shows freemium limits and counts from the real rows", async () => {
    const { agent, user } = await t.signUp();
    await buildFiles(t.db, user.id, 3, 3 * MB, "images");
    await buildBeneficiaries(t.db, user.id, 2);
    const res = await agent.get("/api/usage");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      plan: "freemium",
      baseStorageLimitMB: 10,
      additionalStorageGB: 0,
      storageUsed: 3 * MB,
      storageUsedMB: 3,
      storageLimit: 10 * MB,
      fileCount: 3,
      fileLimit: 25,
      documentsUsed: 0,
      documentsLimit: 100,
      imagesUsed: 3,
      imagesLimit: 500,
      videosLimit: 20,
      ipAssetsLimit: 10,
      beneficiariesUsed: 2,
      beneficiariesLimit: 3,
      paymentStatus: "ok",
      planRenewsAt: null,
      cancelAtPeriodEnd: false,
      testMode: true,
    });
  });
});

describe("POST /api/purchase-storage (test mode)", () => {
  it.each([
    [1, "2.99"],
    [9, "26.91"],
    [10, "19.90"],
    [49, "97.51"],
    [50, "49.50"],
    [1000, "990.00"],
  ])("credits %i GB at once and records it at $%s", async (storageGB, price) => {
    const { agent, user } = await t.signUp();
    const res = await agent.post("/api/purchase-storage").send({ storageGB });
    expect(res.status).toBe(200);
    expect(res.body.applied).toBe(true);
    expect(res.body.user.storageLimit).toBe(storageLimitBytes("freemium", storageGB));
    const row = await userRow(t.db, user.id);
    expect(row.additionalStorageGb).toBe(storageGB);
    expect(row.storageLimit).toBe((10 + storageGB * 1024) * MB);
    const [bundle] = await bundlesOf(t.db, user.id);
    expect(bundle).toMatchObject({ category: "storage", quantity: storageGB, price, status: "paid" });
  });

  it.each([0, 1001, 2.5, "abc", "12", null])("refuses storageGB %s with 400 and changes nothing", async (storageGB) => {
    const { agent, user } = await t.signUp();
    const res = await agent.post("/api/purchase-storage").send({ storageGB });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Choose between 1 and 1000 GB");
    expect((await userRow(t.db, user.id)).additionalStorageGb).toBe(0);
    expect(await bundlesOf(t.db, user.id)).toHaveLength(0);
  });

  it("refuses a body that is not JSON with 415", async () => {
    const { agent } = await t.signUp();
    const res = await agent.post("/api/purchase-storage").set("Content-Type", "text/plain").send("storageGB=5");
    expect(res.status).toBe(415);
  });

  it("adds purchases up and keeps storage_limit on the formula", async () => {
    const { agent, user } = await t.signUp();
    await agent.post("/api/purchase-storage").send({ storageGB: 2 }).expect(200);
    await agent.post("/api/upgrade-plan").send({ planId: "advanced_premium" }).expect(200);
    await agent.post("/api/purchase-storage").send({ storageGB: 3 }).expect(200);
    const row = await userRow(t.db, user.id);
    expect(row.additionalStorageGb).toBe(5);
    expect(row.storageLimit).toBe(storageLimitBytes("advanced_premium", 5));
    const usage = await agent.get("/api/usage");
    expect(usage.body).toMatchObject({
      additionalStorageGB: 5,
      storageLimit: row.storageLimit,
      baseStorageLimitMB: 10240,
    });
  });
});

describe("POST /api/upgrade-plan (test mode)", () => {
  it("applies the plan at once and raises the limits", async () => {
    const { agent, user } = await t.signUp();
    const res = await agent.post("/api/upgrade-plan").send({ planId: "basic_premium" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ applied: true, user: { plan: "basic_premium", storageLimit: 2048 * MB } });
    const row = await userRow(t.db, user.id);
    expect(row.plan).toBe("basic_premium");
    expect(row.storageLimit).toBe(storageLimitBytes("basic_premium", 0));
    expect(row.planRenewsAt?.getTime()).toBe(t.clock.now().getTime() + BILLING_PERIOD_MS);
    const usage = await agent.get("/api/usage");
    expect(usage.body).toMatchObject({
      plan: "basic_premium",
      baseStorageLimitMB: 2048,
      storageLimit: 2048 * MB,
      fileLimit: null,
      beneficiariesLimit: null,
    });
    const [bundle] = await bundlesOf(t.db, user.id);
    expect(bundle).toMatchObject({
      name: "Basic Premium plan",
      category: "plan",
      quantity: 1,
      price: "19.99",
      status: "paid",
    });
  });

  it("answers 409 for the plan the user already has", async () => {
    const { agent } = await t.signUp();
    const res = await agent.post("/api/upgrade-plan").send({ planId: "freemium" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("You are already on the Freemium plan.");
  });

  it("refuses an unknown plan with 400", async () => {
    const { agent } = await t.signUp();
    const res = await agent.post("/api/upgrade-plan").send({ planId: "enterprise", plan: "professional" });
    expect(res.status).toBe(400);
  });

  it("refuses a downgrade the data does not fit, says what to remove, and changes nothing", async () => {
    const { agent, user } = await t.signUp();
    await agent.post("/api/upgrade-plan").send({ planId: "basic_premium" }).expect(200);
    await buildFiles(t.db, user.id, 28, Math.round(14.2 * MB));
    await buildBeneficiaries(t.db, user.id, 5);
    const before = await userRow(t.db, user.id);

    const res = await agent.post("/api/upgrade-plan").send({ planId: "freemium" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      "Your files use 14.2 MB but Freemium allows 10.0 MB. Remove 4.2 MB of files, 2 beneficiaries and 3 files before switching.",
    );
    expect(await userRow(t.db, user.id)).toEqual(before);
    expect(await bundlesOf(t.db, user.id)).toHaveLength(1);
  });

  it("lets a downgrade through when the data fits", async () => {
    const { agent, user } = await t.signUp();
    await agent.post("/api/upgrade-plan").send({ planId: "professional" }).expect(200);
    await buildFiles(t.db, user.id, 2, MB);
    const res = await agent.post("/api/upgrade-plan").send({ planId: "freemium" });
    expect(res.status).toBe(200);
    const row = await userRow(t.db, user.id);
    expect(row).toMatchObject({ plan: "freemium", planRenewsAt: null, storageLimit: 10 * MB });
  });

  it("lets agents take only the Professional plan and keeps admins out", async () => {
    const { agent: agentUser } = await t.signUp({ userType: "agent" });
    expect((await agentUser.post("/api/upgrade-plan").send({ planId: "basic_premium" })).status).toBe(403);
    expect((await agentUser.post("/api/upgrade-plan").send({ planId: "professional" })).status).toBe(200);

    const { agent: admin, user } = await t.signUp();
    await t.db.update(users).set({ userType: "admin" }).where(eq(users.id, user.id));
    expect((await admin.post("/api/upgrade-plan").send({ planId: "basic_premium" })).status).toBe(403);
    expect((await admin.post("/api/purchase-storage").send({ storageGB: 1 })).status).toBe(403);
  });
});

describe("usage against real uploads", () => {
  const pdf = (bytes: number) =>
    Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n", "latin1"), randomBytes(bytes)]);

  it("matches a recount after uploads and deletes, and the upload quota follows purchased storage", async () => {
    const { agent, user } = await t.signUp();
    const big = await agent
      .post("/api/assets/upload")
      .field("category", "documents")
      .attach("files", pdf(11 * MB), "big.pdf");
    expect(big.status).toBe(402);

    await agent.post("/api/purchase-storage").send({ storageGB: 1 }).expect(200);
    const uploaded = await agent
      .post("/api/assets/upload")
      .field("category", "documents")
      .attach("files", pdf(11 * MB), "big.pdf")
      .attach("files", pdf(1000), "small.pdf");
    expect(uploaded.status).toBe(201);

    const recount = async () => {
      const row = await userRow(t.db, user.id);
      const usage = (await agent.get("/api/usage")).body;
      const [sum] = await t.db
        .select({ bytes: sql<number>`coalesce(sum(${digitalAssets.storedSize}), 0)`.mapWith(Number) })
        .from(digitalAssets)
        .where(eq(digitalAssets.userId, user.id));
      expect(usage.storageUsed).toBe(sum.bytes);
      expect(usage.storageUsed).toBe(row.storageUsed);
      return usage;
    };
    expect(await recount()).toMatchObject({ fileCount: 2, documentsUsed: 2 });
    await agent.delete(`/api/assets/${uploaded.body[0].id}`).expect((res) => expect([200, 204]).toContain(res.status));
    expect(await recount()).toMatchObject({ fileCount: 1, documentsUsed: 1 });
  });
});
