import type pg from "pg";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";

/**
 * REL-01: the database goes away (refuses connections) or stalls (every connection busy, nothing answers). Neither
 * may hang a request or answer 401/500: the API answers 503 with Retry-After, and what answers a stall is the pool's
 * own connection timeout — asserted through the error that produced the 503, never through a stopwatch (how long an
 * answer takes is the benchmarks' business).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ captureLogs: true });
});
afterAll(async () => {
  await t.resumeDatabase();
  await t.close();
});

/** The error messages of the "service unavailable" lines logged since `from` (the error handler logs each 503). */
function outageErrorsSince(from: number): string[] {
  return t
    .logs()
    .slice(from)
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg?: string; status?: number; err?: { message?: string } })
    .filter((entry) => entry.msg === "service unavailable" && entry.status === 503)
    .map((entry) => String(entry.err?.message));
}

describe("database outage", () => {
  it("answers 503 with Retry-After while the database is down, never 401, and recovers by itself", async () => {
    const { agent, user } = await t.signUp();
    const usersBefore = Number((await t.db.execute(sql`select count(*)::int as n from users`)).rows[0].n);
    await t.pauseDatabase();

    const logged = t.logs().length;
    const read = await agent.get("/api/user");
    expect(read.status).toBe(503);
    expect(read.headers["retry-after"]).toBe("5");
    expect(read.body.message).toMatch(/temporarily unavailable/);
    expect(JSON.stringify(read.body)).not.toMatch(/ECONN|ENOENT|pg|sql|stack/i);
    // the refused connection answered at once, not a timeout
    expect(outageErrorsSince(logged)).toEqual([expect.not.stringMatching(/timeout exceeded/)]);

    const write = await t
      .request()
      .post("/api/register")
      .send({ email: t.uniqueEmail(), password: "Kente-Cloth-2026", firstName: "A", lastName: "B" });
    expect(write.status).toBe(503);
    expect(write.headers["retry-after"]).toBe("5");
    expect((await t.request().get("/api/health")).status).toBe(503);
    expect((await t.request().get("/healthz")).status).toBe(200);

    await t.resumeDatabase();
    const health = await t.request().get("/api/health");
    expect(health.status).toBe(200);
    const again = await agent.get("/api/user");
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(user.id);
    const usersAfter = Number((await t.db.execute(sql`select count(*)::int as n from users`)).rows[0].n);
    expect(usersAfter).toBe(usersBefore);
  });

  it("answers a stalled database with 503 once the pool's connection timeout runs out, never waiting for ever", async () => {
    const { agent, user } = await t.signUp();
    const options = t.pool.options as pg.PoolConfig;
    // pg waits for ever by default (0): the pool is given a bound, longer on the one-connection embedded engine
    expect(options.connectionTimeoutMillis).toBe(t.deps.database.engine.kind === "embedded" ? 15_000 : 3000);

    // A stall: every connection the pool may open is taken and answers nothing, so a request can only queue.
    const held = await Promise.all(Array.from({ length: options.max ?? 10 }, () => t.pool.connect()));
    try {
      const logged = t.logs().length;
      const read = await agent.get("/api/user");
      expect(read.status).toBe(503);
      expect(read.headers["retry-after"]).toBe("5");
      expect(read.body.message).toMatch(/temporarily unavailable/);
      // what answered is the pool's connection timeout
      expect(outageErrorsSince(logged)).toEqual([expect.stringMatching(/timeout exceeded when trying to connect/)]);
    } finally {
      for (const client of held) client.release();
    }

    const again = await agent.get("/api/user");
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(user.id);
  }, 90_000);
});
