import { sql } from "drizzle-orm";
import { ASSET_KINDS, TYPED_ASSET_KINDS } from "@shared/asset-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import { CANARY, CATEGORY_COLUMN, SAMPLES } from "../../test/typed-asset-samples";
import { type Account, buildUsers } from "../../test/factories";

let t: TestApp;
let a: Account;
let b: Account;
beforeAll(async () => {
  t = await startTestApp();
  [a, b] = await buildUsers(t, 2);
});
afterAll(async () => {
  await t.close();
});

async function rawRow(table: string, id: number): Promise<Record<string, unknown>> {
  const rows = await t.db.execute(sql`select * from ${sql.identifier(table)} where id = ${id}`);
  return rows.rows[0];
}

describe.each(TYPED_ASSET_KINDS)("%s", (kind) => {
  const { path, table, body } = SAMPLES[kind];
  const sensitive = ASSET_KINDS[kind].sensitiveFields;

  it("answers 401 to every verb without a session", async () => {
    expect((await t.request().get(path)).status).toBe(401);
    expect((await t.request().post(path).send(body)).status).toBe(401);
    expect((await t.request().put(`${path}/1`).send(body)).status).toBe(401);
    expect((await t.request().delete(`${path}/1`)).status).toBe(401);
  });

  it("creates from the add dialog's fields: category mapped, title kept, empty fields dropped, owner-only fields ignored", async () => {
    const res = await a.agent
      .post(path)
      .send({ ...body, description: "", id: 999_999, userId: b.user.id, status: "archived" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...omit(body, ["category", "value", "priority", "description"]),
      title: body.title,
    });
    expect(res.body[CATEGORY_COLUMN[kind]]).toBe(body.category);
    expect(res.body.description).toBeNull();
    expect(res.body.id).not.toBe(999_999);
    expect(res.body).not.toHaveProperty("userId");
    expect(res.body).not.toHaveProperty("encVersion");
    expect(res.body.status).not.toBe("archived");
    const row = await rawRow(table, res.body.id);
    expect(row.user_id).toBe(a.user.id);
  });

  it("stores every sensitive field as v1 ciphertext with no plaintext in the database (CRY-01)", async () => {
    const res = await a.agent.post(path).send(body);
    const row = await rawRow(table, res.body.id);
    for (const field of sensitive) {
      const column = field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      expect(String(row[column])).toMatch(/^v1\./);
      expect(res.body[field]).toBe(body[field]);
    }
    expect(JSON.stringify(row)).not.toContain(CANARY);
  });

  it("lists the owner's rows newest first, decrypted, with X-Total-Count", async () => {
    const fresh = await a.agent.post(path).send({ ...body, title: "Newest" });
    const res = await a.agent.get(path);
    expect(res.status).toBe(200);
    expect(res.body[0].id).toBe(fresh.body.id);
    expect(res.headers["x-total-count"]).toBe(String(res.body.length));
    for (const field of sensitive) expect(res.body[0][field]).toBe(body[field]);
    expect((await b.agent.get(path)).body).toEqual([]);
  });

  it("updates only the fields sent, re-encrypting sensitive ones, and clears optional fields sent empty", async () => {
    const created = await a.agent.post(path).send({ ...body, description: "before" });
    const field = sensitive.find((name) => name !== "description");
    const change: Record<string, string> = { description: "" };
    if (field) change[field] = `${CANARY}-changed`;
    const res = await a.agent.put(`${path}/${created.body.id}`).send(change);
    expect(res.status).toBe(200);
    expect(res.body.description).toBeNull();
    expect(res.body.title).toBe(created.body.title);
    if (field) {
      expect(res.body[field]).toBe(`${CANARY}-changed`);
      const row = await rawRow(table, created.body.id);
      expect(JSON.stringify(row)).not.toContain(CANARY);
      expect((await a.agent.get(path)).body.find((r: { id: number }) => r.id === created.body.id)[field]).toBe(
        `${CANARY}-changed`,
      );
    }
  });

  it("reads one row by id, decrypted, and answers 404 for another user's id or a missing one", async () => {
    const created = await a.agent.post(path).send(body);
    const res = await a.agent.get(`${path}/${created.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created.body);
    for (const field of sensitive) expect(res.body[field]).toBe(body[field]);
    const stolen = await b.agent.get(`${path}/${created.body.id}`);
    const missing = await b.agent.get(`${path}/999999`);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual(missing.body);
    expect((await a.agent.get(`${path}/abc`)).status).toBe(404);
  });

  it("drops control characters (NUL included) from free text instead of failing to store it", async () => {
    const created = await a.agent.post(path).send({ ...body, description: "line\u0000one\u0007\nline two" });
    expect(created.status).toBe(201);
    expect(created.body.description).toBe("lineone\nline two");
    const res = await a.agent.put(`${path}/${created.body.id}`).send({ description: "\u0000x\u0000" });
    expect(res.status).toBe(200);
    expect(res.body.description).toBe("x");
  });

  it("answers 400 for a required field sent empty in an update", async () => {
    const created = await a.agent.post(path).send(body);
    const res = await a.agent.put(`${path}/${created.body.id}`).send({ title: "" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/is required/);
  });

  it("answers 404 to another user's PUT and DELETE and leaves the row unchanged (IDOR-03/05)", async () => {
    const created = await a.agent.post(path).send(body);
    const before = await rawRow(table, created.body.id);
    const put = await b.agent.put(`${path}/${created.body.id}`).send({ title: "Stolen" });
    const missing = await b.agent.put(`${path}/999999`).send({ title: "Stolen" });
    expect(put.status).toBe(404);
    expect(put.body).toEqual(missing.body);
    expect((await b.agent.delete(`${path}/${created.body.id}`)).status).toBe(404);
    expect(await rawRow(table, created.body.id)).toEqual(before);
    expect((await b.agent.put(`${path}/abc`).send({ title: "x" })).status).toBe(404);
  });

  it("deletes the owner's row with 204, then answers 404", async () => {
    const created = await a.agent.post(path).send(body);
    expect((await a.agent.delete(`${path}/${created.body.id}`)).status).toBe(204);
    expect((await a.agent.delete(`${path}/${created.body.id}`)).status).toBe(404);
    expect((await a.agent.put(`${path}/${created.body.id}`).send({ title: "x" })).status).toBe(404);
  });
});

function omit(record: Record<string, string>, keys: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
}
