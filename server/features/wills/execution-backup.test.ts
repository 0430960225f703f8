import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import { binary, exportBackup, importBackup, parseJson, zipEntries } from "../backup/backup.test-support";
import { SCAN, WITNESS_A, WITNESS_B, readyWill, uploadScan } from "./execution.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("backups of an executed will", () => {
  it("export the execution record with its witnesses and the signed pages as a file of the backup", async () => {
    const { agent } = await t.signUp();
    const id = await readyWill(agent);
    const executed = await uploadScan(agent, id);
    expect(executed.status).toBe(201);

    const json = parseJson((await exportBackup(agent, "json")).body as Buffer);
    expect(json.willExecutions).toHaveLength(1);
    const [record] = json.willExecutions!;
    const scanFile = json.assets.files.find((f) => f.id === record.scanFileId);
    expect(record).toMatchObject({
      willId: id,
      status: "executed",
      testatorName: "Kwabena Ɔsɛi Aŋ",
      place: "Kumasi",
      signedOn: "2026-12-01",
      originalLocation: "With my lawyer at Ɛsi & Co., Accra",
      witnesses: [WITNESS_A, WITNESS_B],
      executedAt: executed.body.executedAt,
    });
    expect(scanFile).toMatchObject({ originalFileName: "signed-will.pdf", category: "documents" });

    const zip = (await exportBackup(agent, "zip")).body as Buffer;
    const entry = (await zipEntries(zip)).find((e) => e.name === scanFile!.archivePath);
    expect(entry && Buffer.compare(entry.data, SCAN)).toBe(0);
  });

  it("restore into another account as its executed will, with the scan re-linked and readable", async () => {
    const owner = await t.signUp();
    const id = await readyWill(owner.agent);
    await uploadScan(owner.agent, id);
    const zip = (await exportBackup(owner.agent, "zip")).body as Buffer;

    const heir = await t.signUp();
    const restored = await importBackup(heir.agent, zip, "backup.zip");
    expect(restored.status).toBe(201);
    const current = await heir.agent.get("/api/will-executions/current");
    expect(current.body).toMatchObject({
      status: "executed",
      testatorName: "Kwabena Ɔsɛi Aŋ",
      witnesses: [WITNESS_A, WITNESS_B],
      scan: { fileName: "signed-will.pdf", fileSize: SCAN.length },
    });
    expect(current.body.willId).not.toBe(id);
    const scan = await heir.agent
      .get(`/api/digital-wills/${current.body.willId}/execution/scan`)
      .buffer(true)
      .parse(binary);
    expect(Buffer.compare(scan.body as Buffer, SCAN)).toBe(0);

    // A second restore keeps one executed will: the account's own stays current, the restored one is superseded.
    expect((await importBackup(heir.agent, zip, "backup.zip")).status).toBe(201);
    const again = await heir.agent.get("/api/will-executions/current");
    expect(again.body.willId).toBe(current.body.willId);
  });

  it("refuses a backup whose record names a will it does not contain, restoring nothing", async () => {
    const { agent } = await t.signUp();
    const id = await readyWill(agent);
    const doc = parseJson((await exportBackup(agent, "json")).body as Buffer);
    const bad = { ...doc, willExecutions: [{ ...doc.willExecutions![0], willId: id + 1000 }] };
    const other = await t.signUp();
    const res = await importBackup(other.agent, Buffer.from(JSON.stringify(bad)), "backup.json");
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/willExecutions\.0/);
    expect((await other.agent.get("/api/digital-wills")).body).toEqual([]);
  });
});
