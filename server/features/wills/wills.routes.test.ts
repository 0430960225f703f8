import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digitalWills } from "@shared/schema";
import { runInTransaction } from "../../db";
import { startTestApp, type TestApp } from "../../test/harness";
import { isActiveWillCollision } from "./wills.service";
import { burst } from "../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const will = (n: number) => ({
  title: `My will ${n}`,
  content: `I leave my kente cloth collection to my sister. (${n})`,
});

async function willsOf(userId: number) {
  return t.db.select().from(digitalWills).where(eq(digitalWills.userId, userId)).orderBy(digitalWills.id);
}

describe("wills without a session", () => {
  it("answers 401 on every will route", async () => {
    const anon = t.request();
    for (const res of [
      await anon.get("/api/digital-wills"),
      await anon.get("/api/digital-wills/active"),
      await anon.post("/api/digital-wills").send(will(1)),
      await anon.get("/api/digital-wills/1"),
      await anon.get("/api/digital-wills/1/pdf"),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Unauthorized" });
    }
  });
});

describe("POST /api/digital-wills", () => {
  it("answers 400 with the spec's messages", async () => {
    const { agent } = await t.signUp();
    const empty = await agent.post("/api/digital-wills").send({});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([
      { path: "title", message: "Title is required" },
      { path: "content", message: "Content must be at least 10 characters" },
    ]);
    const short = await agent.post("/api/digital-wills").send({ title: "   ", content: "too short" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Title is required");
    expect(short.body.errors).toContainEqual({ path: "content", message: "Content must be at least 10 characters" });
    const noBody = await agent.post("/api/digital-wills");
    expect(noBody.status).toBe(400);
    expect(noBody.body.message).toBe("Title is required");
  });

  it("creates the first will active as version 1 and answers the contract's will object", async () => {
    const { agent, user } = await t.signUp();
    const res = await agent
      .post("/api/digital-wills")
      .send({ ...will(1), isActive: false, version: 99, userId: 12345, id: 777 });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([
      "content",
      "createdAt",
      "id",
      "isActive",
      "title",
      "updatedAt",
      "version",
    ]);
    expect(res.body).toMatchObject({ ...will(1), isActive: true, version: 1 });
    const rows = await willsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: res.body.id, userId: user.id, isActive: true, version: 1 });
  });

  it("archives every earlier will when a new one is saved, leaving exactly one active", async () => {
    const { agent, user } = await t.signUp();
    for (const n of [1, 2, 3]) expect((await agent.post("/api/digital-wills").send(will(n))).status).toBe(201);
    const list = await agent.get("/api/digital-wills");
    expect(list.status).toBe(200);
    expect(list.body.map((w: { version: number }) => w.version)).toEqual([3, 2, 1]);
    expect(list.body.map((w: { isActive: boolean }) => w.isActive)).toEqual([true, false, false]);
    const active = await agent.get("/api/digital-wills/active");
    expect(active.body).toMatchObject({ ...will(3), version: 3, isActive: true });
    const rows = await willsOf(user.id);
    expect(rows.filter((r) => r.isActive)).toHaveLength(1);
  });

  it("keeps exactly one active will and unique versions under 10 concurrent saves", async () => {
    const { agent, user } = await t.signUp();
    const results = await burst(10, async (n) => agent.post("/api/digital-wills").send(will(n)));
    // The owner's row lock queues the saves, so none is lost to a 409 and every version is taken once.
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const created = results.length;
    const rows = await willsOf(user.id);
    expect(rows).toHaveLength(created);
    expect(rows.filter((r) => r.isActive)).toHaveLength(1);
    const versions = rows.map((r) => r.version).sort((a, b) => a - b);
    expect(new Set(versions).size).toBe(rows.length);
    expect(versions).toEqual(Array.from({ length: created }, (_, i) => i + 1));
    expect(rows.find((r) => r.isActive)!.version).toBe(created);
  });
});

describe("the one-active-will index", () => {
  it("refuses a second active will in the database itself, and the save maps that error to 409", async () => {
    const { agent, user } = await t.signUp();
    await agent.post("/api/digital-wills").send(will(1));
    // Inside a transaction: on the embedded engine a failed pool query discards its connection (reported to the lead).
    const attempt = (values: typeof digitalWills.$inferInsert) =>
      runInTransaction(t.db, async (tx) => {
        await tx.insert(digitalWills).values(values);
      }).then(
        () => undefined,
        (e: unknown) => e,
      );
    const err = await attempt({
      userId: user.id,
      title: "Sneaky",
      content: "A second active will.",
      isActive: true,
      version: 2,
    });
    expect(err).toBeInstanceOf(Error);
    expect(isActiveWillCollision(err)).toBe(true);
    const other = await attempt({
      userId: 2147483647,
      title: "Nobody",
      content: "No such user here.",
      isActive: false,
    });
    expect(other).toBeInstanceOf(Error);
    expect(isActiveWillCollision(other)).toBe(false);
    expect((await willsOf(user.id)).filter((w) => w.isActive)).toHaveLength(1);
  });
});

describe("GET /api/digital-wills/active and /:id", () => {
  it("answers 200 null and an empty list when no will was saved", async () => {
    const { agent } = await t.signUp();
    const active = await agent.get("/api/digital-wills/active");
    expect(active.status).toBe(200);
    expect(active.text).toBe("null");
    expect((await agent.get("/api/digital-wills")).body).toEqual([]);
  });

  it("reads an archived version by id", async () => {
    const { agent } = await t.signUp();
    const first = await agent.post("/api/digital-wills").send(will(1));
    await agent.post("/api/digital-wills").send(will(2));
    const res = await agent.get(`/api/digital-wills/${first.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...will(1), isActive: false, version: 1 });
  });

  it("answers 404 for ids that are not positive integers", async () => {
    const { agent } = await t.signUp();
    for (const id of ["abc", "-1", "0", "1e309", "99999999999", "1.5"]) {
      const res = await agent.get(`/api/digital-wills/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Not found" });
    }
  });
});

describe("another user's will (IDOR-02)", () => {
  it("answers 404 like a missing id, produces no PDF, and leaves the owner's wills unchanged", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const saved = await a.agent.post("/api/digital-wills").send(will(1));
    const id = saved.body.id as number;
    const before = await willsOf(a.user.id);
    const missing = await b.agent.get("/api/digital-wills/2147483647");
    for (const path of [`/api/digital-wills/${id}`, `/api/digital-wills/${id}/pdf`]) {
      const res = await b.agent.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
      expect(res.headers["content-disposition"]).toBeUndefined();
    }
    expect((await b.agent.get("/api/digital-wills")).body).toEqual([]);
    expect((await b.agent.get("/api/digital-wills/active")).body).toBeNull();
    await b.agent.post("/api/digital-wills").send(will(2));
    expect(await willsOf(a.user.id)).toEqual(before);
    const aActive = await t.db
      .select()
      .from(digitalWills)
      .where(and(eq(digitalWills.userId, a.user.id), eq(digitalWills.isActive, true)));
    expect(aActive.map((w) => w.id)).toEqual([id]);
  });
});
