import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.resumeDatabase();
  await t.close();
});

describe("database outage", () => {
  it("answers 503 with Retry-After while the database is down, never 401, and recovers by itself", async () => {
    const { agent, user } = await t.signUp();
    const usersBefore = Number((await t.db.execute(sql`select count(*)::int as n from users`)).rows[0].n);
    await t.pauseDatabase();

    const started = Date.now();
    const read = await agent.get("/api/user");
    expect(read.status).toBe(503);
    expect(read.headers["retry-after"]).toBe("5");
    expect(read.body.message).toMatch(/temporarily unavailable/);
    expect(JSON.stringify(read.body)).not.toMatch(/ECONN|ENOENT|pg|sql|stack/i);
    expect(Date.now() - started).toBeLessThan(8000);

    const write = await t
      .request()
      .post("/api/register")
      .send({ email: t.uniqueEmail(), password: "Kente-Cloth-2026", firstName: "A", lastName: "B" });
    expect(write.status).toBe(503);
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
});
