import { sql } from "drizzle-orm";
import type { Agent } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TYPED_ASSET_KINDS } from "@shared/asset-types";
import { startTestApp, type TestApp } from "../../test/harness";
import { CANARY, SAMPLES } from "../../test/typed-asset-samples";
import { exportBackup, importBackup, parseJson, zipEntries } from "./backup.test-support";
import { pdfText } from "../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** In every sensitive value of the fixtures, the printed ones included, and in every will below. */
const MARK = "7f3a";
const wills = [
  { title: `First will ${CANARY}`, content: `Everything to Ɛsi, my daughter. ${CANARY} one` },
  { title: `Last will ${CANARY}`, content: `My house in Kumasi goes to Ɛsi Ŋkansah-Ɔsɛi. ${CANARY} two` },
];

async function seed(agent: Agent) {
  for (const will of wills) expect((await agent.post("/api/digital-wills").send(will)).status).toBe(201);
  for (const kind of TYPED_ASSET_KINDS) {
    expect((await agent.post(SAMPLES[kind].path).send(SAMPLES[kind].body)).status).toBe(201);
  }
}

async function rawOf(table: string, userId: number) {
  return (await t.db.execute(sql`select * from ${sql.identifier(table)} where user_id = ${userId} order by id`)).rows;
}

describe("wills and notes in backups (CRYPT-W3)", () => {
  it("exports every will version and sensitive field decrypted in JSON and ZIP, the will in the PDF, no internal column", async () => {
    const { agent } = await t.signUp();
    await seed(agent);
    const json = parseJson((await exportBackup(agent, "json")).body as Buffer);
    expect(json.wills.map((w) => ({ title: w.title, content: w.content }))).toEqual(wills);
    for (const kind of TYPED_ASSET_KINDS) {
      const [record] = json.assets[kind] as Record<string, unknown>[];
      expect(record).not.toHaveProperty("encVersion");
      expect(record).not.toHaveProperty("userId");
      for (const [field, value] of Object.entries(SAMPLES[kind].body)) {
        if (field !== "category" && field !== "value" && field !== "priority") expect(record[field], field).toBe(value);
      }
    }
    const zip = await zipEntries((await exportBackup(agent, "zip")).body as Buffer);
    const inZip = parseJson(zip.find((e) => e.name === "backup.json")!.data);
    expect(inZip.wills).toEqual(json.wills);
    expect(inZip.assets).toEqual(json.assets);
    const text = await pdfText((await exportBackup(agent, "pdf")).body as Buffer);
    expect(text).toContain(wills[1].title);
    expect(text).toContain(wills[1].content);
  });

  it("restores wills and notes encrypted under the restoring user's key, bound to the new rows", async () => {
    const source = await t.signUp();
    await seed(source.agent);
    const backup = (await exportBackup(source.agent, "json")).body as Buffer;
    const target = await t.signUp();
    const res = await importBackup(target.agent, backup, "backup.json");
    expect(res.status, res.text).toBe(201);

    const restoredWills = await rawOf("digital_wills", target.user.id);
    const sourceWills = await rawOf("digital_wills", source.user.id);
    expect(restoredWills).toHaveLength(2);
    for (const [i, row] of restoredWills.entries()) {
      expect(row.enc_version).toBe(1);
      expect(String(row.content)).toMatch(/^v1\./);
      expect(row.content).not.toBe(sourceWills[i].content);
    }
    for (const table of ["digital_wills", ...TYPED_ASSET_KINDS]) {
      const rows = await rawOf(table, target.user.id);
      expect(JSON.stringify(rows), table).not.toContain(MARK);
      if (table !== "digital_wills") expect(rows.map((r) => r.enc_version)).toEqual([2]);
    }
    const history = (await target.agent.get("/api/digital-wills")).body as { title: string; content: string }[];
    expect(history.map((w) => ({ title: w.title, content: w.content }))).toEqual([...wills].reverse());
    const restored = parseJson((await exportBackup(target.agent, "json")).body as Buffer);
    const original = parseJson(backup);
    for (const kind of TYPED_ASSET_KINDS) {
      const strip = ({ id: _i, createdAt: _c, updatedAt: _u, ...rest }: Record<string, unknown>) => rest;
      expect((restored.assets[kind] as Record<string, unknown>[]).map(strip)).toEqual(
        (original.assets[kind] as Record<string, unknown>[]).map(strip),
      );
    }
  });

  it("fails an export whole with a generic 500 when a will does not verify, sending no file", async () => {
    const { agent, user } = await t.signUp();
    await seed(agent);
    const [first, second] = await rawOf("digital_wills", user.id);
    await t.db.execute(sql`update digital_wills set content = ${first.content} where id = ${second.id}`);
    for (const format of ["json", "zip", "pdf"]) {
      const res = await exportBackup(agent, format);
      expect(res.status, format).toBe(500);
      expect(res.headers["content-disposition"]).toBeUndefined();
      expect((res.body as Buffer).toString("utf8")).not.toContain(CANARY);
    }
  });
});
