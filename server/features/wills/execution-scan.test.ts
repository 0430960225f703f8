import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileOf, fileRowsOf, storageUsedOf } from "../../test/files";
import { startTestApp, type TestApp } from "../../test/harness";
import { pdfText } from "../../test/helpers";
import { binary } from "../backup/backup.test-support";
import { SCAN, executionBody, readyWill, uploadScan } from "./execution.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const path = (id: number, rest = "") => `/api/digital-wills/${id}/execution${rest}`;

async function statuses(userId: number): Promise<string[]> {
  const rows = await t.db.execute<{ status: string }>(
    sql`select status from will_executions where user_id = ${userId} order by will_id`,
  );
  return rows.rows.map((r) => r.status);
}

describe("POST /api/digital-wills/:id/execution/scan", () => {
  it("records the version as executed with its scan, which downloads as uploaded and is stored encrypted", async () => {
    const { agent, user } = await t.signUp();
    const id = await readyWill(agent);
    expect((await agent.get("/api/will-executions/current")).body).toBeNull();
    t.clock.advance(60_000);
    const res = await uploadScan(agent, id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      willId: id,
      status: "executed",
      scan: { fileName: "signed-will.pdf", mimeType: "application/pdf", fileSize: SCAN.length },
      executedAt: t.clock.now().toISOString(),
    });
    expect((await agent.get("/api/will-executions/current")).body).toEqual(res.body);
    const download = await agent.get(path(id, "/scan")).buffer(true).parse(binary);
    expect(download.status).toBe(200);
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="signed-will\.pdf"/);
    expect(Buffer.compare(download.body as Buffer, SCAN)).toBe(0);
    // Stored like every upload: encrypted, counted against the quota, listed among the owner's files.
    expect(await storageUsedOf(t, user.id)).toBeGreaterThan(SCAN.length);
    const files = (await agent.get("/api/assets")).body as { originalFileName: string; description: string }[];
    expect(files).toMatchObject([{ originalFileName: "signed-will.pdf", description: "Signed will, version 1" }]);
    // the signing is in the owner's audit trail, without the record's names or places
    const audited = await t.db.execute<{ action: string; target: string; details: unknown }>(
      sql`select action, target, details from audit_events where subject_user_id = ${user.id} and action = 'will_executed'`,
    );
    expect(audited.rows).toEqual([
      { action: "will_executed", target: `will:${id}`, details: { version: 1, scanFileId: expect.any(Number) } },
    ]);
  });

  it("refuses the scan before the record is ready (409) and a file that is not a PDF or image (415), leaving no file", async () => {
    const { agent, user } = await t.signUp();
    const will = await agent.post("/api/digital-wills").send({ title: "Will", content: "Everything to Adwoa." });
    await agent.put(path(will.body.id)).send(executionBody());
    const early = await uploadScan(agent, will.body.id);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("Mark the execution record ready to sign before uploading the signed pages.");
    await agent.post(path(will.body.id, "/ready"));
    const doc = await uploadScan(agent, will.body.id, fileOf("doc"), "signed.doc");
    expect(doc.status).toBe(415);
    const two = await agent
      .post(path(will.body.id, "/scan"))
      .attach("files", SCAN, "a.pdf")
      .attach("files", SCAN, "b.pdf");
    expect(two.status).toBe(400);
    expect(await fileRowsOf(t, user.id)).toBe(0);
    expect(await storageUsedOf(t, user.id)).toBe(0);
    expect(await statuses(user.id)).toEqual(["ready"]);
    expect((await uploadScan(agent, will.body.id, fileOf("jpg"), "photo.jpg")).status).toBe(201);
  });

  it("freezes an executed record, but still lets the owner say where the original is kept", async () => {
    const { agent } = await t.signUp();
    const id = await readyWill(agent);
    await uploadScan(agent, id);
    const edit = await agent.put(path(id)).send(executionBody({ testatorName: "Someone else" }));
    expect(edit.status).toBe(409);
    expect((await uploadScan(agent, id)).status).toBe(409);
    const moved = await agent.post(path(id, "/location")).send({ originalLocation: "In the bank's safe, Adum branch" });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: "executed", originalLocation: "In the bank's safe, Adum branch" });
    const blank = await agent.post(path(id, "/location")).send({ originalLocation: " " });
    expect(blank.status).toBe(400);
    expect((await agent.get("/api/will-executions/current")).body.originalLocation).toBe(
      "In the bank's safe, Adum branch",
    );
  });

  it("supersedes the earlier executed will when a later version is executed", async () => {
    const { agent, user } = await t.signUp();
    const first = await readyWill(agent, "My first will: everything to Adwoa.");
    await uploadScan(agent, first);
    const second = await readyWill(agent, "My second will: everything to Kofi.");
    await uploadScan(agent, second);
    expect(await statuses(user.id)).toEqual(["superseded", "executed"]);
    expect((await agent.get("/api/will-executions/current")).body).toMatchObject({ willId: second, version: 2 });
    expect((await agent.get(path(first))).body.status).toBe("superseded");
    // The earlier scan stays readable as history.
    expect((await agent.get(path(first, "/scan"))).status).toBe(200);
  });

  it("keeps exactly one executed will under concurrent scans and will saves", async () => {
    const { agent, user } = await t.signUp();
    const a = await readyWill(agent, "Version A of my will, all to Adwoa.");
    // A second ready record needs a current version: save B and prepare it, which leaves A ready but archived.
    const b = await readyWill(agent, "Version B of my will, all to Kofi.");
    const results = await Promise.all([
      uploadScan(agent, a),
      uploadScan(agent, b),
      agent.post("/api/digital-wills").send({ title: "Draft", content: "Version C, not yet signed." }),
      agent.post("/api/digital-wills").send({ title: "Draft", content: "Version D, not yet signed." }),
    ]);
    const scans = results.slice(0, 2).map((r) => r.status);
    expect(scans.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    for (const s of scans) expect([201, 429]).toContain(s);
    const now = await statuses(user.id);
    expect(now.filter((s) => s === "executed")).toHaveLength(1);
    await expect(
      t.db.execute(sql`update will_executions set status = 'executed' where user_id = ${user.id}`),
    ).rejects.toThrow();
    expect(await statuses(user.id)).toEqual(now);
  });
});

describe("the signing PDF of a long will", () => {
  it("numbers every page and gives each the testator's initials line", async () => {
    const { agent } = await t.signUp();
    const clause = (n: number) => `Clause ${n}: I leave my cloth number ${n} to Ɛsi, and my drum to Ŋkansah.`;
    const content = Array.from({ length: 120 }, (_, i) => clause(i + 1)).join("\n\n");
    const id = await readyWill(agent, content);
    const res = await agent.get(path(id, "/pdf")).buffer(true).parse(binary);
    const text = await pdfText(res.body as Buffer);
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(2);
    for (let p = 1; p <= pages; p += 1) {
      expect(text).toMatch(new RegExp(`Testator's initials: _+ · Will version 1 · Page ${p} of ${pages}`));
    }
    expect(text).toContain(clause(120));
  });
});
