import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import { binary } from "../backup/backup.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const CANARY = "WILL-CANARY-41c9";
const GENERIC_500 = "Something went wrong on our side. Please try again.";
const will = (n: number) => ({
  title: `${CANARY} title ${n}`,
  content: `I, Kwabena Ɔsɛi, leave my house in Kumasi to Ɛsi. ${CANARY} clause ${n}`,
});

type RawWill = { id: number; user_id: number; title: string; content: string; enc_version: number };

async function rawWills(userId: number): Promise<RawWill[]> {
  const rows = await t.db.execute<RawWill>(
    sql`select id, user_id, title, content, enc_version from digital_wills where user_id = ${userId} order by id`,
  );
  return rows.rows;
}

describe("wills at rest (CRYPT-W1)", () => {
  it("stores title and content only as ciphertext, and answers the owner in plain text on every read", async () => {
    const { agent, user } = await t.signUp();
    const first = await agent.post("/api/digital-wills").send(will(1));
    const second = await agent.post("/api/digital-wills").send(will(2));
    expect(first.status).toBe(201);
    expect(second.body).toMatchObject({ ...will(2), version: 2, isActive: true });

    const rows = await rawWills(user.id);
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(CANARY);
    expect(JSON.stringify(rows)).not.toContain("Kumasi");
    for (const row of rows) {
      expect(row.enc_version).toBe(1);
      expect(row.title).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(row.content).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    }
    // Two versions with the same text still differ at rest (fresh IV, and the AAD names the row).
    const again = await agent.post("/api/digital-wills").send(will(2));
    const [, b, c] = await rawWills(user.id);
    expect(c.id).toBe(again.body.id);
    expect(c.content).not.toBe(b.content);

    // The history and its diff read every version's text from the list.
    const list = await agent.get("/api/digital-wills");
    expect(list.status).toBe(200);
    expect(list.body.map((w: { title: string; content: string }) => [w.title, w.content])).toEqual([
      [will(2).title, will(2).content],
      [will(2).title, will(2).content],
      [will(1).title, will(1).content],
    ]);
    expect(list.body[0]).not.toHaveProperty("encVersion");
    expect((await agent.get("/api/digital-wills/active")).body).toMatchObject({ ...will(2), version: 3 });
    expect((await agent.get(`/api/digital-wills/${first.body.id}`)).body).toMatchObject({ ...will(1), version: 1 });
  });

  it("reads a will stored in plain text before encryption as written, even one whose title looks like ciphertext", async () => {
    const { agent, user } = await t.signUp();
    const lookalike = "v1.AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA";
    // What an earlier version wrote: no enc_version given, so the column default (0, plain text) applies.
    await t.db.execute(
      sql`insert into digital_wills (user_id, title, content, is_active, version) values (${user.id}, ${lookalike}, ${"Everything to my daughter Adwoa."}, true, 1)`,
    );
    const active = await agent.get("/api/digital-wills/active");
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ title: lookalike, content: "Everything to my daughter Adwoa.", version: 1 });
    // A new save archives it and is stored encrypted; the history shows both as written.
    await agent.post("/api/digital-wills").send(will(2));
    const list = await agent.get("/api/digital-wills");
    expect(list.body.map((w: { title: string }) => w.title)).toEqual([will(2).title, lookalike]);
  });
});

describe("will ciphertext bound to its row and owner (CRYPT-W2)", () => {
  it("fails with a generic 500 and a security log line when another user's ciphertext is copied in, and sends no PDF", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const mine = await a.agent.post("/api/digital-wills").send(will(1));
    const theirs = await b.agent
      .post("/api/digital-wills")
      .send({ title: "Yaw's will", content: "All to my wife Efua." });
    await t.db.execute(
      sql`update digital_wills set content = (select content from digital_wills where id = ${mine.body.id}) where id = ${theirs.body.id}`,
    );
    const errors = vi.spyOn(t.deps.logger, "error");
    for (const path of [
      "/api/digital-wills",
      "/api/digital-wills/active",
      `/api/digital-wills/${theirs.body.id}`,
      `/api/digital-wills/${theirs.body.id}/pdf`,
    ]) {
      const res = await b.agent.get(path).buffer(true).parse(binary);
      expect(res.status).toBe(500);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
      expect(res.headers["content-disposition"]).toBeUndefined();
      const text = (res.body as Buffer).toString("utf8");
      expect(text).not.toContain(CANARY);
      expect(text).not.toContain("All to my wife");
      expect(JSON.parse(text).message).toBe(GENERIC_500);
    }
    expect(errors).toHaveBeenCalledWith(
      {
        event: "decrypt_failed",
        table: "digital_wills",
        column: "content",
        rowId: theirs.body.id,
        reason: "auth-failed",
      },
      expect.any(String),
    );
    errors.mockRestore();
    expect((await a.agent.get("/api/digital-wills/active")).body).toMatchObject(will(1));
  });

  it("fails the same way for one version's ciphertext moved onto another version, or title moved to content", async () => {
    const { agent } = await t.signUp();
    const first = await agent.post("/api/digital-wills").send(will(1));
    const second = await agent.post("/api/digital-wills").send(will(2));
    await t.db.execute(
      sql`update digital_wills set title = (select title from digital_wills where id = ${first.body.id}) where id = ${second.body.id}`,
    );
    expect((await agent.get(`/api/digital-wills/${second.body.id}`)).status).toBe(500);
    expect((await agent.get("/api/digital-wills")).status).toBe(500);
    expect((await agent.get(`/api/digital-wills/${first.body.id}`)).body).toMatchObject(will(1));

    await t.db.execute(sql`update digital_wills set content = title where id = ${first.body.id}`);
    expect((await agent.get(`/api/digital-wills/${first.body.id}`)).status).toBe(500);
  });
});
