import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";

/**
 * REL-01, a stall inside a query: the pool's connection timeout answers a request that waits for a connection, but
 * not one whose query never returns (a hung server, a path that passes nothing). Such a read is answered 503 with
 * Retry-After at the deadline; writes are left alone. The handlers below never finish, as a query into a stalled
 * database does not; the deadline is short so the test does not wait long.
 */
const DEADLINE_MS = 300;
const never = new Promise<void>(() => {});
let t: TestApp;
let lateAnswers = 0;

beforeAll(async () => {
  t = await startTestApp({
    captureLogs: true,
    config: { responseDeadlineMs: DEADLINE_MS },
    extraRoutes: (table) => {
      table.add({ method: "get", path: "/api/probe/stalled", access: "user" }, async (_req, res) => {
        await never;
        res.json({ ok: true });
      });
      table.add({ method: "get", path: "/api/probe/late", access: "user" }, async (_req, res) => {
        await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS * 3));
        lateAnswers += 1;
        res.json({ late: true });
      });
      table.add({ method: "post", path: "/api/probe/slow-write", access: "user" }, async (_req, res) => {
        await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS * 3));
        res.status(201).json({ written: true });
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe("a read the database never answers (REL-01)", () => {
  it("gets 503 with Retry-After and the outage message at the deadline, and is logged", async () => {
    const { agent } = await t.signUp();
    const logged = t.logs().length;
    const read = await agent.get("/api/probe/stalled");
    expect(read.status).toBe(503);
    expect(read.headers["retry-after"]).toBe("5");
    expect(read.body).toEqual({ message: "Heirloom is temporarily unavailable. Please try again in a moment." });
    expect(t.logs().slice(logged)).toContain('"event":"response_deadline"');
  });

  it("drops what the handler sends after the deadline, and the server goes on answering", async () => {
    const { agent, user } = await t.signUp();
    const read = await agent.get("/api/probe/late");
    expect(read.status).toBe(503);
    await expect.poll(() => lateAnswers, { timeout: 5000 }).toBe(1);
    const me = await agent.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
  });

  it("leaves a write to finish: a 503 for a write that may still commit would invite doing it twice", async () => {
    const { agent } = await t.signUp();
    const write = await agent.post("/api/probe/slow-write").send({});
    expect(write.status).toBe(201);
    expect(write.body).toEqual({ written: true });
  });

  it("does not touch a read answered in time", async () => {
    const { agent } = await t.signUp();
    expect((await agent.get("/api/user")).status).toBe(200);
    expect((await agent.get("/api/dashboard/stats")).status).toBe(200);
  });
});
