import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  digitalAssets,
  digitalContent,
  financialAssets,
  intellectualProperty,
  onlineAccounts,
  personalDocuments,
  physicalAssets,
  users,
} from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";
import { TYPED_ASSET_TABLES } from "../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let fileSeq = 0;
function upload(userId: number, category: string, status = "committed") {
  fileSeq += 1;
  return t.db.insert(digitalAssets).values({
    userId,
    fileName: `blob${fileSeq}`,
    originalFileName: `file${fileSeq}.pdf`,
    fileSize: 1000 + fileSeq,
    mimeType: "application/pdf",
    category,
    filePath: `blobs/blob${fileSeq}`,
    status,
  });
}

async function seed(userId: number) {
  for (const c of ["documents", "documents", "images", "videos", "intellectual_property", "other"])
    await upload(userId, c);
  await upload(userId, "documents", "pending");
  await t.db.insert(intellectualProperty).values([
    { userId, assetType: "patent", title: "Loom" },
    { userId, assetType: "trademark", title: "Adinkra" },
  ]);
  await t.db.insert(financialAssets).values({ userId, assetType: "investment", title: "Shares", accountName: "GSE" });
  await t.db.insert(physicalAssets).values({ userId, assetType: "vehicle", title: "Car", name: "Toyota" });
  await t.db.insert(digitalContent).values({ userId, contentType: "creative_work", title: "Album" });
  await t.db.insert(personalDocuments).values({ userId, documentType: "legal", title: "Deed" });
  await t.db.insert(onlineAccounts).values({ userId, accountName: "Mail", accountType: "email", title: "Mail" });
}

/** The tables a statement reads (FROM and JOIN), sorted: "users" is a table here, never a column that says users. */
function tablesReadBy(statement: string): string[] {
  const tables = [...statement.matchAll(/\b(?:from|join)\s+"?([a-z_]+)"?/gi)].map((m) => m[1].toLowerCase());
  return [...new Set(tables)].sort();
}

/** An independent recount straight from the tables, to compare with the endpoint. */
async function recount(userId: number) {
  const one = async (q: ReturnType<typeof sql>) => Number((await t.db.execute(q)).rows[0].n);
  const files = await one(
    sql`select count(*) as n from digital_assets where user_id = ${userId} and status = 'committed'`,
  );
  const byCat = (c: string) =>
    one(
      sql`select count(*) as n from digital_assets where user_id = ${userId} and status = 'committed' and category = ${c}`,
    );
  const typedTables = TYPED_ASSET_TABLES;
  let typed = 0;
  for (const table of typedTables)
    typed += await one(sql`select count(*) as n from ${sql.identifier(table)} where user_id = ${userId}`);
  const ip = await one(sql`select count(*) as n from intellectual_property where user_id = ${userId}`);
  const [user] = await t.db.select().from(users).where(eq(users.id, userId));
  return {
    totalAssets: files + typed,
    beneficiaries: await one(sql`select count(*) as n from beneficiaries where user_id = ${userId}`),
    trustedParties: 0,
    storageUsed: user.storageUsed,
    storageLimit: user.storageLimit,
    usage: {
      documents: { used: await byCat("documents"), limit: 100 },
      images: { used: await byCat("images"), limit: 500 },
      videos: { used: await byCat("videos"), limit: 20 },
      ipAssets: { used: ip + (await byCat("intellectual_property")), limit: 10 },
      files: { used: files, limit: 25 },
    },
  };
}

const person = (n: number) => ({
  firstName: `Esi${n}`,
  lastName: "Quaye",
  email: `esi${n}.${Date.now()}@example.com`,
  relationship: "friend",
});

describe("GET /api/dashboard/stats", () => {
  it("answers 401 without a session", async () => {
    const res = await t.request().get("/api/dashboard/stats");
    expect(res.status).toBe(401);
  });

  it("answers zeros and the Freemium limits for a new user", async () => {
    const { agent } = await t.signUp();
    const res = await agent.get("/api/dashboard/stats");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalAssets: 0,
      beneficiaries: 0,
      trustedParties: 0,
      storageUsed: 0,
      storageLimit: 10_485_760,
      usage: {
        documents: { used: 0, limit: 100 },
        images: { used: 0, limit: 500 },
        videos: { used: 0, limit: 20 },
        ipAssets: { used: 0, limit: 10 },
        files: { used: 0, limit: 25 },
      },
    });
  });

  it("equals a recount of the owner's rows and never counts another user's", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await seed(a.user.id);
    await seed(b.user.id);
    for (const n of [1, 2]) await a.agent.post("/api/beneficiaries").send(person(n));
    await b.agent.post("/api/beneficiaries").send(person(3));
    await t.db.update(users).set({ storageUsed: 123_456 }).where(eq(users.id, a.user.id));
    const res = await a.agent.get("/api/dashboard/stats");
    expect(res.status).toBe(200);
    const expected = await recount(a.user.id);
    expect(res.body).toEqual(expected);
    expect(res.body).toMatchObject({ totalAssets: 13, beneficiaries: 2, storageUsed: 123_456 });
    expect(res.body.usage.ipAssets.used).toBe(3);
    expect(res.body.usage.documents.used).toBe(2);
  });

  it("reads every count in one query", async () => {
    const { agent, user } = await t.signUp();
    await seed(user.id);
    const statements = async (url: string) => {
      const spy = vi.spyOn(t.pool, "query");
      try {
        expect((await agent.get(url)).status).toBe(200);
        return spy.mock.calls.map(([q]: unknown[]) =>
          typeof q === "string" ? q : String((q as { text?: unknown }).text),
        );
      } finally {
        spy.mockRestore();
      }
    };
    // What every signed-in request runs (the session, the user) against what the dashboard adds to it.
    const baseline = await statements("/api/user");
    const dashboard = await statements("/api/dashboard/stats");
    const added = [...dashboard];
    for (const q of baseline) added.splice(added.indexOf(q), added.includes(q) ? 1 : 0);
    expect(added).toHaveLength(1);
    // Trusted parties are counted in owner_counts too (migration 0013), so the dashboard reads no owned table.
    expect(tablesReadBy(added[0])).toEqual(["owner_counts", "users"]);
  });

  it("shows unlimited (null) limits and the user's own storage limit on a paid plan", async () => {
    const { agent, user } = await t.signUp();
    await t.db
      .update(users)
      .set({ plan: "advanced_premium", storageLimit: 10_737_418_240 })
      .where(eq(users.id, user.id));
    const res = await agent.get("/api/dashboard/stats");
    expect(res.body.storageLimit).toBe(10_737_418_240);
    for (const key of ["documents", "images", "videos", "ipAssets", "files"])
      expect(res.body.usage[key].limit).toBeNull();
  });
});
