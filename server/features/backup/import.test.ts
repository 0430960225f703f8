import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import { keysUnder, upload } from "../../test/files";
import { CANARY } from "../../test/typed-asset-samples";
import { comparable, exportBackup, importBackup, ownedCounts, parseJson, zipEntries } from "./backup.test-support";
import { buildEstate, setPlan } from "../../test/factories";
import { buildTrustedParties } from "./backup-parties.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const EVERYTHING = {
  beneficiaries: 2,
  wills: 2,
  files: 2,
  onlineAccounts: 1,
  intellectualProperty: 1,
  financialAssets: 1,
  physicalAssets: 1,
  digitalContent: 1,
  personalDocuments: 1,
  trustedParties: 2,
};

async function seededExport(format: "json" | "zip") {
  const source = await t.signUp();
  await buildEstate(source.agent);
  await buildTrustedParties(source.agent);
  const res = await exportBackup(source.agent, format);
  expect(res.status).toBe(200);
  return { source, data: res.body as Buffer };
}

describe("POST /api/import/backup", () => {
  it("answers 401 without a session and 400 without a file", async () => {
    expect((await t.request().post("/api/import/backup").attach("file", Buffer.from("{}"), "b.json")).status).toBe(401);
    const { agent } = await t.signUp();
    const res = await agent.post("/api/import/backup").field("note", "x");
    expect(res.status).toBe(400);
  });

  it("restores a ZIP into a fresh account so that its export equals the original, ids and times aside", async () => {
    const { source, data } = await seededExport("zip");
    const target = await t.signUp();
    const res = await importBackup(target.agent, data, "backup.zip");
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ dryRun: false, created: EVERYTHING, skippedFiles: 0 });

    const original = parseJson((await exportBackup(source.agent, "json")).body as Buffer);
    const restored = parseJson((await exportBackup(target.agent, "json")).body as Buffer);
    expect(comparable(restored)).toEqual(comparable(original));
    // new rows, not the old ones
    expect(restored.beneficiaries.map((b) => b.id)).not.toEqual(original.beneficiaries.map((b) => b.id));
    expect(restored.wills.filter((w) => w.isActive).map((w) => w.version)).toEqual([2]);

    // the files come back byte for byte, re-encrypted for their new owner
    const before = await zipEntries(data);
    const after = await zipEntries((await exportBackup(target.agent, "zip")).body as Buffer);
    expect(after.filter((e) => e.name.startsWith("files/")).map((e) => [e.name, e.data.toString("hex")])).toEqual(
      before.filter((e) => e.name.startsWith("files/")).map((e) => [e.name, e.data.toString("hex")]),
    );
    const download = await target.agent.get(`/api/assets/${restored.assets.files[0].id}/download`);
    expect(download.status).toBe(200);
    const counts = await ownedCounts(t, target.user.id);
    expect(counts.storageUsed).toBeGreaterThan(8000);
    expect([...(await keysUnder(t.storage, "staging/")), ...(await keysUnder(t.storage, "restore/"))]).toEqual([]);
  });

  it("restores a JSON backup's records and reports the files it cannot carry", async () => {
    const { source, data } = await seededExport("json");
    const target = await t.signUp();
    const res = await importBackup(target.agent, data, "backup.json");
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ dryRun: false, created: { ...EVERYTHING, files: 0 }, skippedFiles: 2 });
    const original = comparable(parseJson((await exportBackup(source.agent, "json")).body as Buffer));
    const restored = comparable(parseJson((await exportBackup(target.agent, "json")).body as Buffer));
    expect(restored).toEqual({ ...original, assets: { ...original.assets, files: [] } });
    // sensitive values are stored encrypted under the new owner's key
    const row = await t.db.execute(`select account_number from financial_assets where user_id = ${target.user.id}`);
    expect(String(row.rows[0].account_number)).toMatch(/^v1\./);
    expect(String(row.rows[0].account_number)).not.toContain(CANARY);
  });

  it("answers a dry run with the same counts as the restore, and writes nothing", async () => {
    const { data } = await seededExport("zip");
    const target = await t.signUp();
    const empty = await ownedCounts(t, target.user.id);
    const preview = await importBackup(target.agent, data, "backup.zip", true);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toEqual({ dryRun: true, created: EVERYTHING, skippedFiles: 0 });
    expect(await ownedCounts(t, target.user.id)).toEqual(empty);
    expect([...(await keysUnder(t.storage, "staging/")), ...(await keysUnder(t.storage, "restore/"))]).toEqual([]);
    const real = await importBackup(target.agent, data, "backup.zip");
    expect(real.body.created).toEqual(preview.body.created);
  });

  it("restores its own ZIP of a highly compressible file (deflated entries are not mistaken for a zip bomb)", async () => {
    const source = await t.signUp();
    const text = Buffer.from("Kente and adinkra for Ɛsi; the house in Kumasi for Kofi. ".repeat(40_000));
    const doc = Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), text]).subarray(0, 2 * 1024 * 1024);
    expect((await upload(source.agent, [{ name: "letters.doc", data: doc }])).status).toBe(201);
    const zip = (await exportBackup(source.agent, "zip")).body as Buffer;
    const entry = (await zipEntries(zip)).find((e) => e.name === "files/documents/letters.doc");
    expect(entry?.isStored).toBe(false); // not an already-compressed type: deflated
    expect(zip.length).toBeLessThan(doc.length / 10);
    const target = await t.signUp();
    const res = await importBackup(target.agent, zip, "backup.zip");
    expect(res.status, res.text).toBe(201);
    expect(res.body.created.files).toBe(1);
  });

  it("appends restored wills after the account's own, the newest restored one active", async () => {
    const { data } = await seededExport("json");
    const target = await t.signUp();
    await target.agent.post("/api/digital-wills").send({ title: "My own will", content: "Written before restoring." });
    expect((await importBackup(target.agent, data, "backup.json")).status).toBe(201);
    const wills = (await target.agent.get("/api/digital-wills")).body as {
      title: string;
      version: number;
      isActive: boolean;
    }[];
    expect(wills.map((w) => [w.version, w.title.slice(0, 10), w.isActive])).toEqual([
      [3, "Last will ", true],
      [2, "First will", false],
      [1, "My own wil", false],
    ]);
  });

  it("answers 402 when the plan cannot hold the backup, and creates nothing", async () => {
    const source = await t.signUp();
    await setPlan(t, source.user.id, "basic_premium");
    for (let i = 0; i < 4; i += 1) {
      const res = await source.agent
        .post("/api/beneficiaries")
        .send({ firstName: `Kin${i}`, lastName: "Mensah", email: `kin${i}@example.com`, relationship: "other" });
      expect(res.status).toBe(201);
    }
    const data = (await exportBackup(source.agent, "zip")).body as Buffer;
    const target = await t.signUp(); // freemium: 3 beneficiaries
    const before = await ownedCounts(t, target.user.id);
    for (const dryRun of [true, false]) {
      const res = await importBackup(target.agent, data, "backup.zip", dryRun);
      expect(res.status).toBe(402);
      expect(res.body.message).toMatch(/3 beneficiaries/);
    }
    expect(await ownedCounts(t, target.user.id)).toEqual(before);
  });

  it("answers 402 when the files do not fit the free storage, leaving usage and blobs unchanged", async () => {
    const { data } = await seededExport("zip");
    const target = await t.signUp();
    await t.db.execute(`update users set storage_limit = 4000 where id = ${target.user.id}`);
    const blobs = await keysUnder(t.storage, "blobs/");
    const res = await importBackup(target.agent, data, "backup.zip");
    expect(res.status).toBe(402);
    expect(res.body.message).toMatch(/storage/i);
    expect(await ownedCounts(t, target.user.id)).toMatchObject({ beneficiaries: 0, digital_assets: 0, storageUsed: 0 });
    expect((await keysUnder(t.storage, "blobs/")).sort()).toEqual(blobs.sort());
    expect([...(await keysUnder(t.storage, "staging/")), ...(await keysUnder(t.storage, "restore/"))]).toEqual([]);
  });
});
