import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const countUsers = async () => Number((await t.db.execute(sql`select count(*)::int as n from users`)).rows[0].n);
const body = () => ({ email: t.uniqueEmail(), password: "Kente-Cloth-2026", firstName: "A", lastName: "B" });

describe("cross-site writes", () => {
  it("refuses a write from another Origin with 403 and changes nothing", async () => {
    const before = await countUsers();
    const res = await t.request().post("/api/register").set("Origin", "https://evil.example").send(body());
    expect(res.status).toBe(403);
    expect(await countUsers()).toBe(before);
  });

  it("refuses Sec-Fetch-Site: cross-site, including a login CSRF (no session cookie set)", async () => {
    const { user, password } = await t.signUp();
    const res = await t
      .request()
      .post("/api/login")
      .set("Sec-Fetch-Site", "cross-site")
      .send({ email: user.email, password });
    expect(res.status).toBe(403);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("lets same-origin browser writes and header-less CLI writes through", async () => {
    expect(
      (
        await t
          .request()
          .post("/api/register")
          .set("Origin", "http://heirloom.test")
          .set("Sec-Fetch-Site", "same-origin")
          .send(body())
      ).status,
    ).toBe(201);
    expect((await t.request().post("/api/register").send(body())).status).toBe(201);
  });

  it("refuses a text/plain body on a JSON route with 415", async () => {
    const before = await countUsers();
    const res = await t.request().post("/api/register").set("Content-Type", "text/plain").send(JSON.stringify(body()));
    expect(res.status).toBe(415);
    expect(await countUsers()).toBe(before);
  });

  it("never echoes a foreign origin in CORS headers", async () => {
    const res = await t
      .request()
      .options("/api/user")
      .set("Origin", "https://evil.example")
      .set("Access-Control-Request-Method", "POST");
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("errors", () => {
  it("answers 400 for malformed JSON, without internals", async () => {
    const res = await t.request().post("/api/login").set("Content-Type", "application/json").send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "The request body is not valid JSON." });
  });

  it("answers 413 for a JSON body over the limit", async () => {
    const res = await t
      .request()
      .post("/api/login")
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ email: "a".repeat(2_000_000) }));
    expect(res.status).toBe(413);
  });

  it("answers 404 JSON for an unknown API route and 405 for TRACE", async () => {
    const res = await t.request().get("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Not found" });
    expect((await t.request().trace("/api/user")).status).toBe(405);
  });

  it("does not serve dotfiles or source", async () => {
    expect((await t.request().get("/.git/config")).status).toBe(404);
    expect((await t.request().get("/server/app.ts")).status).toBe(404);
  });
});

describe("headers", () => {
  it("sends a strict CSP, HSTS, nosniff, COOP and no X-Powered-By", async () => {
    const res = await t.request().get("/api/health");
    const csp = res.headers["content-security-policy"];
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-powered-by"]).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("health", () => {
  it("answers ok while the database answers", async () => {
    const res = await t.request().get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });
});
