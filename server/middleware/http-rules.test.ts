import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "../app";
import { startTestApp, type TestApp } from "../test/harness";

/** A built client as small as can be: its page carries a marker, so a test knows the page itself was served. */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Heirloom</title>
<script type="module" src="/static/app-1a2b3c.js"></script></head>
<body><div id="root" data-fixture="heirloom-page"></div></body></html>
`;

let t: TestApp;
/** The app with that client on disk (the harness's own app has none, so every page there is a 404). */
let withClient: App;
beforeAll(async () => {
  t = await startTestApp();
  const spaDir = path.join(t.dataDir, "spa");
  fs.mkdirSync(path.join(spaDir, "static"), { recursive: true });
  fs.mkdirSync(path.join(spaDir, ".git"));
  fs.writeFileSync(path.join(spaDir, "index.html"), PAGE);
  fs.writeFileSync(path.join(spaDir, "static", "app-1a2b3c.js"), "console.log('app');\n");
  fs.writeFileSync(path.join(spaDir, ".git", "config"), "[remote] url = CANARY-git-remote\n");
  withClient = createApp(t.deps, { pruneSessions: false, spaDir });
});
afterAll(async () => {
  await withClient.close();
  await t.close();
});

const request = () => supertest(withClient.app);

/** A GET whose body is read as text whatever its type (supertest leaves unknown types unread). */
const getText = (url: string) =>
  request()
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => done(null, text));
    })
    .then((res) => ({ status: res.status, text: res.body as string }));

const countUsers = async () => Number((await t.db.execute(sql`select count(*)::int as n from users`)).rows[0].n);
const body = () => ({ email: t.uniqueEmail(), password: "Kente-Cloth-2026", firstName: "A", lastName: "B" });

describe("cross-site writes", () => {
  it("refuses a write from another Origin with 403 and changes nothing", async () => {
    const before = await countUsers();
    const res = await request().post("/api/register").set("Origin", "https://evil.example").send(body());
    expect(res.status).toBe(403);
    expect(await countUsers()).toBe(before);
  });

  it("refuses Sec-Fetch-Site: cross-site, including a login CSRF (no session cookie set)", async () => {
    const { user, password } = await t.signUp();
    const res = await request()
      .post("/api/login")
      .set("Sec-Fetch-Site", "cross-site")
      .send({ email: user.email, password });
    expect(res.status).toBe(403);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("lets same-origin browser writes and header-less CLI writes through", async () => {
    expect(
      (
        await request()
          .post("/api/register")
          .set("Origin", "http://heirloom.test")
          .set("Sec-Fetch-Site", "same-origin")
          .send(body())
      ).status,
    ).toBe(201);
    expect((await request().post("/api/register").send(body())).status).toBe(201);
  });

  it("refuses a text/plain body on a JSON route with 415", async () => {
    const before = await countUsers();
    const res = await request().post("/api/register").set("Content-Type", "text/plain").send(JSON.stringify(body()));
    expect(res.status).toBe(415);
    expect(await countUsers()).toBe(before);
  });

  it("never echoes a foreign origin in CORS headers", async () => {
    const res = await request()
      .options("/api/user")
      .set("Origin", "https://evil.example")
      .set("Access-Control-Request-Method", "POST");
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("errors", () => {
  it("answers 400 for malformed JSON, without internals", async () => {
    const res = await request().post("/api/login").set("Content-Type", "application/json").send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "The request body is not valid JSON." });
  });

  it("answers 413 for a JSON body over the limit", async () => {
    const res = await request()
      .post("/api/login")
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ email: "a".repeat(2_000_000) }));
    expect(res.status).toBe(413);
  });

  it("answers 404 JSON for an unknown API route and 405 for TRACE", async () => {
    const res = await request().get("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Not found" });
    expect((await request().trace("/api/user")).status).toBe(405);
  });

  it("does not serve dotfiles or source: a path that is not a client file gets the page, never the file", async () => {
    for (const url of ["/.git/config", "/server/app.ts", "/package.json", "/static/../.git/config"]) {
      const res = await getText(url);
      expect(res.text, url).not.toContain("CANARY");
      expect(res.text, url).not.toContain("createApp");
      expect(res.text, url).not.toContain('"dependencies"');
      if (res.status === 200) expect(res.text, url).toBe(PAGE);
      else expect([403, 404], url).toContain(res.status);
    }
  });
});

describe("headers", () => {
  const expectStrictHeaders = (res: supertest.Response) => {
    const csp = String(res.headers["content-security-policy"] ?? "");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  };

  it("serves a client page (the root and a deep link) with the same strict headers, revalidated, varying by cookie", async () => {
    for (const url of ["/", "/dashboard", "/assets/12"]) {
      const res = await request().get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.text, url).toBe(PAGE);
      expectStrictHeaders(res);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.headers.vary, url).toMatch(/\bCookie\b/);
    }
    const script = await request().get("/static/app-1a2b3c.js");
    expect(script.status).toBe(200);
    expectStrictHeaders(script);
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends a strict CSP, HSTS, nosniff, COOP and no X-Powered-By", async () => {
    const res = await request().get("/api/health");
    expectStrictHeaders(res);
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("health", () => {
  it("answers ok while the database answers", async () => {
    const res = await request().get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });
});
