import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "../app";
import { startTestApp, type TestApp } from "../test/harness";
import { CLIENT_OWNED_RESOURCES, createOwned, type OwnedId } from "./owned-resources";

/**
 * Cases of the security plan that no feature test covered: cookie signatures and secret rotation (SESS-05), the
 * store's own expiry (SESS-04), `null` origins and side-effect-free GETs (CSRF-06), headers on the HTML page and
 * a signed-in API answer (HDR-01), and error answers with a built client on disk (ERR-01).
 */
const OLD_SECRET = randomBytes(32).toString("hex");
const NEW_SECRET = randomBytes(32).toString("hex");

let t: TestApp;
let spaDir: string;
const extraApps: App[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { SESSION_SECRET: OLD_SECRET } });
  spaDir = path.join(t.dataDir, "spa");
  fs.mkdirSync(path.join(spaDir, "static"), { recursive: true });
  fs.mkdirSync(path.join(spaDir, ".git"), { recursive: true });
  fs.copyFileSync(path.join(import.meta.dirname, "../../client/index.html"), path.join(spaDir, "index.html"));
  fs.writeFileSync(path.join(spaDir, "static", "app.js"), "console.log('app');\n");
  fs.writeFileSync(path.join(spaDir, ".git", "config"), "[remote] url = CANARY-git-remote\n");
  fs.writeFileSync(path.join(spaDir, ".env"), "SESSION_SECRET=CANARY-dotenv\n");
});
afterAll(async () => {
  for (const extra of extraApps) await extra.close();
  await t.close();
});

/** The same database, clock and keys as `t`, with other session secrets or a built client. */
function sibling(opts: { sessionSecrets?: string[]; spa?: boolean }) {
  const config = { ...t.deps.config, sessionSecrets: opts.sessionSecrets ?? t.deps.config.sessionSecrets };
  const built = createApp(
    { ...t.deps, config },
    { pruneSessions: false, spaDir: opts.spa ? spaDir : path.join(t.dataDir, "no-spa") },
  );
  extraApps.push(built);
  return supertest(built.app);
}

/** express-session's cookie value: `s:<sid>.<base64 HMAC-SHA256 of sid, no padding>`. */
const sign = (sid: string, secret: string) =>
  `s:${sid}.${createHmac("sha256", secret).update(sid).digest("base64").replace(/=+$/, "")}`;

function sessionCookie(res: supertest.Response): { sid: string; value: string } {
  const header = ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("hl.sid="));
  if (!header) throw new Error("no session cookie was set");
  const value = decodeURIComponent(header.split(";")[0].slice("hl.sid=".length));
  const sid = value.slice(2, value.lastIndexOf("."));
  return { sid, value };
}

const asCookie = (value: string) => `hl.sid=${encodeURIComponent(value)}`;

async function signIn(app: supertest.Agent | ReturnType<typeof supertest>) {
  const { user, password } = await t.signUp();
  const res = await app.post("/api/login").send({ email: user.email, password });
  expect(res.status).toBe(200);
  return { user, ...sessionCookie(res) };
}

describe("cookie signature and secret rotation (SESS-05)", () => {
  it("treats a cookie whose signature was changed by one character as anonymous (401)", async () => {
    const { value } = await signIn(t.request());
    expect((await t.request().get("/api/user").set("Cookie", asCookie(value))).status).toBe(200);
    const last = value.at(-1) === "A" ? "B" : "A";
    const tampered = value.slice(0, -1) + last;
    const res = await t.request().get("/api/user").set("Cookie", asCookie(tampered));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthorized" });
  });

  it("refuses a session id signed with a secret the server does not hold", async () => {
    const { sid } = await signIn(t.request());
    const forged = sign(sid, randomBytes(32).toString("hex"));
    expect((await t.request().get("/api/user").set("Cookie", asCookie(forged))).status).toBe(401);
  });

  it("keeps cookies signed with the old secret valid after SESSION_SECRET=new,old, and signs new cookies with new", async () => {
    const { user, sid, value } = await signIn(t.request());
    expect(value).toBe(sign(sid, OLD_SECRET));
    const rotated = sibling({ sessionSecrets: [NEW_SECRET, OLD_SECRET] });

    const me = await rotated.get("/api/user").set("Cookie", asCookie(value));
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
    // rolling cookies: the same session comes back re-signed with the first (new) secret
    const resigned = sessionCookie(me);
    expect(resigned.sid).toBe(sid);
    expect(resigned.value).toBe(sign(sid, NEW_SECRET));

    const fresh = await signIn(rotated);
    expect(fresh.value).toBe(sign(fresh.sid, NEW_SECRET));

    // once the old secret is dropped, only cookies signed with the new one still work
    const newOnly = sibling({ sessionSecrets: [NEW_SECRET] });
    expect((await newOnly.get("/api/user").set("Cookie", asCookie(value))).status).toBe(401);
    expect((await newOnly.get("/api/user").set("Cookie", asCookie(fresh.value))).status).toBe(200);
  });
});

describe("the session store's own expiry (SESS-04)", () => {
  it("never returns a session row past its expiry, even before the pruner has removed it", async () => {
    const { sid, value } = await signIn(t.request());
    await t.db.execute(sql`update session set expire = '2000-01-01 00:00:00' where sid = ${sid}`);
    expect((await t.request().get("/api/user").set("Cookie", asCookie(value))).status).toBe(401);
  });
});

/** A digest of every row of the tables a GET must not change. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = (
    await t.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
  ).rows
    .map((r) => r.name)
    // sessions, rate-limit counters and export leases are bookkeeping of the request itself, not user data
    .filter((name) => !["session", "rate_limits", "job_leases", "__drizzle_migrations"].includes(name));
  const digest: Record<string, string> = {};
  for (const name of tables) {
    const rows = await t.db.execute<{ h: string }>(
      sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.identifier(name)} x`,
    );
    digest[name] = rows.rows[0].h;
  }
  return digest;
}

describe("CORS and side-effect-free reads (CSRF-06)", () => {
  it("grants no CORS to a preflight from a foreign or a null origin", async () => {
    for (const origin of ["https://evil.example", "null"]) {
      for (const url of ["/api/user", "/api/login", "/api/beneficiaries"]) {
        const res = await t
          .request()
          .options(url)
          .set("Origin", origin)
          .set("Access-Control-Request-Method", "POST")
          .set("Access-Control-Request-Headers", "content-type");
        expect(res.headers["access-control-allow-origin"], `${origin} ${url}`).toBeUndefined();
        expect(res.headers["access-control-allow-credentials"], `${origin} ${url}`).toBeUndefined();
      }
    }
  });

  it("refuses a sign-in posted from a sandboxed frame (Origin: null) without setting a cookie", async () => {
    const { user, password } = await t.signUp();
    const res = await t.request().post("/api/login").set("Origin", "null").send({ email: user.email, password });
    expect(res.status).toBe(403);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("changes no stored data when every GET route is crawled by a user who owns one of everything", async () => {
    const { agent } = await t.signUp();
    const ids: Record<string, OwnedId> = {};
    for (const name of Object.keys(CLIENT_OWNED_RESOURCES)) ids[name] = await createOwned(agent, name, t);
    const queuedBefore = await t.db.execute<{ kind: string }>(sql`select kind from outbox_messages`);
    const before = await snapshot();
    const gets = t.routes.filter((r) => r.method === "get");
    for (const route of gets) {
      const url = route.path
        .replace(":id", String(ids[route.resource ?? ""] ?? 1))
        .replace(":token", "A".repeat(43))
        .concat(route.path === "/api/export/backup" ? "?format=pdf" : "");
      const res = await agent.get(url);
      expect(res.status, url).toBeLessThan(500);
    }
    const after = await snapshot();
    // the export route records the finished download in its history, as the contract asks, audits it (LOG-02) and
    // queues the owner's notice of it (DATA-02) with its in-app twin; nothing else moves
    const changed = Object.keys(before).filter((name) => before[name] !== after[name]);
    expect(changed.sort()).toEqual(["audit_events", "backup_exports", "notifications", "outbox_messages"]);
    const queued = await t.db.execute<{ kind: string }>(sql`select kind from outbox_messages`);
    expect(queued.rows.length - queuedBefore.rows.length).toBe(1);
    const notices = (rows: { kind: string }[]) => rows.filter((r) => r.kind === "export_notice").length;
    expect(notices(queued.rows) - notices(queuedBefore.rows)).toBe(1);
    expect(gets.length).toBeGreaterThan(20);
  });
});

describe("headers on the page and on a signed-in answer (HDR-01)", () => {
  const expectStrictHeaders = (res: supertest.Response) => {
    const csp = String(res.headers["content-security-policy"]);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "script-src 'self'",
      "script-src-attr 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  };

  it("serves the HTML page with the strict policy and no inline script", async () => {
    const res = await sibling({ spa: true }).get("/");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expectStrictHeaders(res);
    const scripts = res.text.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\bsrc=/);
    expect(res.text).not.toMatch(/\son[a-z]+=/i);
  });

  it("answers /api/user with the same headers and Cache-Control: no-store", async () => {
    const { agent } = await t.signUp();
    const res = await agent.get("/api/user");
    expect(res.status).toBe(200);
    expectStrictHeaders(res);
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("error answers with a built client on disk (ERR-01)", () => {
  it("never serves dotfiles or anything outside the client directory", async () => {
    const app = sibling({ spa: true });
    for (const url of [
      "/.git/config",
      "/.env",
      "/static/.env",
      "/static/../.env",
      "/%2e%2e/.env",
      "/api/../.git/config",
    ]) {
      const res = await app.get(url);
      expect(res.text, url).not.toContain("CANARY");
      expect(res.status, url).not.toBe(304);
      if (res.status === 200) expect(res.headers["content-type"], url).toMatch(/text\/html/);
    }
    expect((await app.get("/static/app.js")).status).toBe(200);
  });

  it("answers unknown API paths and /api/docs with the generic JSON 404", async () => {
    const app = sibling({ spa: true });
    for (const url of ["/api/docs", "/api/swagger.json", "/api/../.git/config"]) {
      const res = await app.get(url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).toEqual({ message: "Not found" });
    }
  });

  // NOTE: known bug, see docs/SECURITY.md (ERR-01): serve-static's errors reach the error handler, which reads the
  // missing file's ENOENT as a database outage (503 + Retry-After) and a refused traversal as an unexpected 500.
  // Turn this into a plain `it` once server/middleware/error-handler.ts maps http-errors' 4xx through.
  it("answers a missing client file 404 and a traversal under /static 403 or 404, never 5xx", async () => {
    const app = sibling({ spa: true });
    const missing = await app.get("/static/app.js.map");
    expect(missing.status).toBe(404);
    expect(missing.headers["retry-after"]).toBeUndefined();
    const traversal = await app.get("/static/../.env");
    expect([403, 404]).toContain(traversal.status);
  });

  it("answers a failure inside a handler with 500, a generic message and the request id, and no internals", async () => {
    const { agent } = await t.signUp();
    const created = await agent
      .post("/api/personal-documents")
      .send({ title: "Ghana Card", category: "legal", documentNumber: "GHA-123456789-0" });
    expect(created.status).toBe(201);
    // a value moved to another column no longer authenticates: decryption throws inside the service
    await t.db.execute(sql`update personal_documents set access_info = document_number where id = ${created.body.id}`);
    const res = await agent.get(`/api/personal-documents/${created.body.id}`);
    expect(res.status).toBe(500);
    expect(Object.keys(res.body).sort()).toEqual(["message", "requestId"]);
    expect(res.body.message).toBe("Something went wrong on our side. Please try again.");
    expect(res.body.requestId).toBe(res.headers["x-request-id"]);
    expect(res.text).not.toMatch(/GHA-|\bat |\.ts\b|node_modules|select |postgres|aes|decipher/i);
  });

  it("keeps the 413 and 415 answers generic as well", async () => {
    const big = await t
      .request()
      .post("/api/login")
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ email: "a".repeat(2_000_000) }));
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: "The request body is too large." });
    const plain = await t.request().post("/api/login").set("Content-Type", "text/plain").send("{}");
    expect(plain.status).toBe(415);
    expect(plain.body).toEqual({ message: "Send the request body as application/json." });
    expect(plain.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
