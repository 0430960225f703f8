import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  beneficiaries,
  digitalAssets,
  digitalContent,
  financialAssets,
  intellectualProperty,
  onlineAccounts,
  personalDocuments,
  physicalAssets,
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

/** One asset of every type, assigned to `beneficiaryId`; answers a reader of each table's assignments. */
async function seedAssets(userId: number, beneficiaryId: number) {
  const assignedToBeneficiary = beneficiaryId;
  const [file] = await t.db
    .insert(digitalAssets)
    .values({
      userId,
      fileName: "a1b2c3",
      originalFileName: "deed.pdf",
      fileSize: 1234,
      mimeType: "application/pdf",
      category: "documents",
      filePath: "blobs/a1b2c3",
      status: "committed",
      assignedToBeneficiary,
    })
    .returning();
  const [ip] = await t.db
    .insert(intellectualProperty)
    .values({ userId, assetType: "patent", title: "Loom", assignedToBeneficiary })
    .returning();
  const [fin] = await t.db
    .insert(financialAssets)
    .values({ userId, assetType: "investment", title: "Shares", accountName: "GSE", assignedToBeneficiary })
    .returning();
  const [phy] = await t.db
    .insert(physicalAssets)
    .values({ userId, assetType: "vehicle", title: "Car", name: "Toyota", assignedToBeneficiary })
    .returning();
  const [dc] = await t.db
    .insert(digitalContent)
    .values({ userId, contentType: "creative_work", title: "Album", assignedToBeneficiary })
    .returning();
  const [pd] = await t.db
    .insert(personalDocuments)
    .values({ userId, documentType: "legal", title: "Deed", assignedToBeneficiary })
    .returning();
  const [oa] = await t.db
    .insert(onlineAccounts)
    .values({ userId, accountName: "Mail", accountType: "email", title: "Mail", assignedToBeneficiary })
    .returning();
  return async () => ({
    digital_assets: (await t.db.select().from(digitalAssets).where(eq(digitalAssets.id, file.id)))[0]
      .assignedToBeneficiary,
    intellectual_property: (await t.db.select().from(intellectualProperty).where(eq(intellectualProperty.id, ip.id)))[0]
      .assignedToBeneficiary,
    financial_assets: (await t.db.select().from(financialAssets).where(eq(financialAssets.id, fin.id)))[0]
      .assignedToBeneficiary,
    physical_assets: (await t.db.select().from(physicalAssets).where(eq(physicalAssets.id, phy.id)))[0]
      .assignedToBeneficiary,
    digital_content: (await t.db.select().from(digitalContent).where(eq(digitalContent.id, dc.id)))[0]
      .assignedToBeneficiary,
    personal_documents: (await t.db.select().from(personalDocuments).where(eq(personalDocuments.id, pd.id)))[0]
      .assignedToBeneficiary,
    online_accounts: (await t.db.select().from(onlineAccounts).where(eq(onlineAccounts.id, oa.id)))[0]
      .assignedToBeneficiary,
  });
}

const TABLES = ["digital_assets", ...TYPED_ASSET_TABLES];
const person = (n: number) => ({
  firstName: `Efua${n}`,
  lastName: "Mensah",
  email: `efua${n}.${Date.now()}@example.com`,
  relationship: "parent",
});

describe("deleting a beneficiary", () => {
  it("un-assigns that beneficiary's assets in all seven asset tables and keeps the assets", async () => {
    const { agent, user } = await t.signUp();
    const gone = (await agent.post("/api/beneficiaries").send(person(1))).body.id as number;
    const kept = (await agent.post("/api/beneficiaries").send(person(2))).body.id as number;
    const readGone = await seedAssets(user.id, gone);
    const readKept = await seedAssets(user.id, kept);
    expect(Object.keys(await readGone()).sort()).toEqual([...TABLES].sort());
    expect(Object.values(await readGone())).toEqual(TABLES.map(() => gone));

    expect((await agent.delete(`/api/beneficiaries/${gone}`)).status).toBe(204);

    expect(await readGone()).toEqual(Object.fromEntries(TABLES.map((name) => [name, null])));
    expect(Object.values(await readKept())).toEqual(TABLES.map(() => kept));
    expect(await t.db.select().from(beneficiaries).where(eq(beneficiaries.id, gone))).toHaveLength(0);
  });

  it("leaves assets untouched when another user tries to delete the beneficiary", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const id = (await a.agent.post("/api/beneficiaries").send(person(3))).body.id as number;
    const read = await seedAssets(a.user.id, id);
    expect((await b.agent.delete(`/api/beneficiaries/${id}`)).status).toBe(404);
    expect(Object.values(await read())).toEqual(TABLES.map(() => id));
  });
});
