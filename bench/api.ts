/**
 * npm run bench:api — the main authenticated reads and one write of the built server under autocannon, next to
 * GET /api/health measured in the same run (issue 7, Performance). Runs the real server (e2e/server.ts) on the
 * embedded engine, and again on PostgreSQL in a scratch database when BENCH_DATABASE_URL (or TEST_DATABASE_URL)
 * is set. Prints a markdown section, or writes it to BENCH_MARKDOWN_OUT; target verdicts go to BENCH_JSON_OUT.
 *
 * The helpers below are shared with bench/scale.ts.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteExtensions } from "../server/db/pglite-extensions";
import { startServer, type RunningServer } from "../e2e/server";

export const CANNON = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  duration: Number(process.env.BENCH_DURATION ?? 10),
};
/** Target of issue 7: every authenticated read at least half the health floor's requests/s. */
export const READ_FLOOR_RATIO = 0.5;
const PASSWORD = "Kente-Cloth-2026";
const CANNON_BIN = path.resolve(import.meta.dirname, "../node_modules/autocannon/autocannon.js");

/**
 * Where a figure's database ran: the embedded engine in its own process (`process`, what `npm start` runs by
 * default), PGlite inside the measured process (`inline`), or a PostgreSQL server (`server`).
 */
export type DatabaseMode = "process" | "inline" | "server";

/** One verdict line for docs/BENCHMARKS.md. */
export type Verdict = {
  bench: string;
  what: string;
  figure: string;
  target: string;
  met: boolean;
  mode?: DatabaseMode;
};

export type Engine = { label: string; url: string | undefined; mode: DatabaseMode };

/** The embedded mode of every server a bench starts: EMBEDDED_DATABASE as the server reads it (process by default). */
export const EMBEDDED_MODE: "process" | "inline" = process.env.EMBEDDED_DATABASE === "inline" ? "inline" : "process";

export const embeddedEngine = (): Engine => ({
  label: `embedded (PGlite, ${EMBEDDED_MODE} mode)`,
  url: undefined,
  mode: EMBEDDED_MODE,
});

/** The embedded engine always; PostgreSQL too when a server URL is configured. */
export function benchEngines(): Engine[] {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  return [embeddedEngine(), ...(url ? [{ label: "PostgreSQL", url, mode: "server" as const }] : [])];
}

/** A database of its own on the server at `url`, dropped by `drop()`. */
async function scratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hl_bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Plain SQL against the bench database, with the server stopped on the embedded engine (PGlite is single-process). */
export type SqlSession = { exec(text: string): Promise<void>; close(): Promise<void> };

/** A fresh data folder (and scratch database) that survives server restarts, so data can be loaded between runs. */
export type Site = {
  engine: Engine;
  /** Starts the server bundle on the site; `nodeArgs` go before it (e.g. a probe preloaded with --import). */
  start(nodeArgs?: string[]): Promise<RunningServer>;
  openSql(): Promise<SqlSession>;
  dispose(): Promise<void>;
};

let bundleBuilt = false;

/** Compiles dist/server/index.mjs from the current sources once per bench process: the bench runs what ships. */
function buildServerBundle(): void {
  if (bundleBuilt) return;
  const root = path.resolve(import.meta.dirname, "..");
  const r = spawnSync(process.execPath, [path.join(root, "scripts/build-server.mjs")], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) throw new Error("could not build the server bundle");
  bundleBuilt = true;
}

export async function createSite(engine: Engine): Promise<Site> {
  buildServerBundle();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hl-bench-api-"));
  const scratch = engine.url ? await scratchDatabase(engine.url) : undefined;
  return {
    engine,
    start: (nodeArgs) =>
      startServer(
        {
          DATA_DIR: dataDir,
          DATABASE_URL: scratch?.url ?? "",
          EMBEDDED_DATABASE: EMBEDDED_MODE,
          LOG_LEVEL: "error",
        },
        { nodeArgs },
      ),
    async openSql() {
      if (scratch) {
        const client = new pg.Client({ connectionString: scratch.url });
        await client.connect();
        return { exec: async (text) => void (await client.query(text)), close: () => client.end() };
      }
      const db = await PGlite.create({ dataDir: path.join(dataDir, "pgdata"), extensions: await pgliteExtensions() });
      return { exec: async (text) => void (await db.exec(text)), close: () => db.close() };
    },
    async dispose() {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headers of a same-origin browser request: writes from other origins are refused. */
function headers(cookie: string): Record<string, string> {
  return { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin", ...(cookie ? { Cookie: cookie } : {}) };
}

export async function call(
  baseUrl: string,
  cookie: string,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<{ status: number; json: unknown; cookie: string }> {
  const res = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers: headers(cookie),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const setCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null, cookie: setCookie || cookie };
}

export type BenchUser = { id: number; email: string; cookie: string };

/** Registers a client and upgrades it to Advanced Premium (test-mode payments), so no plan limit gets in the way. */
export async function registerUser(baseUrl: string, label: string): Promise<BenchUser> {
  const email = `bench-${label}-${randomBytes(4).toString("hex")}@example.com`;
  const reg = await call(baseUrl, "", "POST", "/api/register", {
    email,
    password: PASSWORD,
    firstName: "Bench",
    lastName: label,
    userType: "client",
  });
  if (reg.status !== 201) throw new Error(`sign-up failed: ${reg.status} ${JSON.stringify(reg.json)}`);
  // a client who has chosen their role, as every measured screen expects (a new one would land on /onboarding)
  const chosen = await call(baseUrl, reg.cookie, "POST", "/api/user/onboarding", { role: "client" });
  if (chosen.status !== 200) throw new Error(`role choice failed: ${chosen.status} ${JSON.stringify(chosen.json)}`);
  const up = await call(baseUrl, reg.cookie, "POST", "/api/upgrade-plan", { planId: "advanced_premium" });
  if (up.status !== 200) throw new Error(`upgrade failed: ${up.status} ${JSON.stringify(up.json)}`);
  return { id: (reg.json as { id: number }).id, email, cookie: reg.cookie };
}

const TYPED_TABLES = [
  { table: "intellectual_property", columns: "asset_type, title", values: "'patent', 'Patent ' || g" },
  {
    table: "financial_assets",
    columns: "asset_type, title, account_name",
    values: "'bank_account', 'Account ' || g, 'Bank ' || (g % 17)",
  },
  { table: "physical_assets", columns: "asset_type, title, name", values: "'jewelry', 'Ring ' || g, 'Ring ' || g" },
  { table: "digital_content", columns: "content_type, title", values: "'photos', 'Album ' || g" },
  { table: "personal_documents", columns: "document_type, title", values: "'passport', 'Document ' || g" },
  {
    table: "online_accounts",
    columns: "account_name, account_type, title",
    values: "'Account ' || g, 'email', 'Mailbox ' || g",
  },
] as const;
export const TYPED_KINDS = TYPED_TABLES.length;
const CATEGORIES = ["documents", "images", "videos", "intellectual_property", "other"];

/**
 * Bulk rows for one user, as the app would have written them: committed uploads with random-looking names and
 * paths spread over about two years, typed assets of the six kinds, and beneficiaries; then ANALYZE, as autovacuum
 * would shortly after a bulk load.
 */
export async function seedUser(
  db: SqlSession,
  userId: number,
  counts: { files: number; typedPerKind: number; beneficiaries: number },
): Promise<void> {
  const cats = `(array['${CATEGORIES.join("','")}'])[1 + g % ${CATEGORIES.length}]`;
  await db.exec(`
    insert into digital_assets (user_id, file_name, original_file_name, file_size, stored_size, mime_type, category,
      file_path, status, created_at)
    select ${userId}, md5(${userId} || '-' || g), 'scan-' || substr(md5(g::text), 1, 10) || '.pdf', 1000 + g % 50000,
      1028 + g % 50000, 'application/pdf', ${cats}, 'blobs/' || md5(${userId} || ':' || g), 'committed',
      now() - (g * 613 % 1051200) * interval '1 minute'
    from generate_series(1, ${counts.files}) g`);
  for (const t of TYPED_TABLES) {
    if (counts.typedPerKind === 0) break;
    await db.exec(`
      insert into ${t.table} (user_id, ${t.columns}, enc_version, created_at)
      select ${userId}, ${t.values}, 2, now() - (g * 347 % 1051200) * interval '1 minute'
      from generate_series(1, ${counts.typedPerKind}) g`);
  }
  await db.exec(`
    insert into beneficiaries (user_id, first_name, last_name, email, relationship, created_at)
    select ${userId}, 'First' || g, 'Last' || g, 'b' || g || '.' || ${userId} || '@example.com',
      (array['spouse','child','parent','sibling','friend','other'])[1 + g % 6], now() - g * interval '1 hour'
    from generate_series(1, ${counts.beneficiaries}) g`);
}

export async function analyzeAll(db: SqlSession): Promise<void> {
  await db.exec(
    `analyze digital_assets; analyze beneficiaries; analyze users; ${TYPED_TABLES.map((t) => `analyze ${t.table};`).join(" ")}`,
  );
}

export type CannonFigures = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  /** Answers by status code, e.g. { "200": 3121, "429": 4 }. */
  statuses: Record<string, number>;
};

type CannonJson = {
  non2xx: number;
  errors: number;
  timeouts: number;
  latency: { p50: number; p99: number };
  requests: { average: number; total: number };
  statusCodeStats?: Record<string, { count: number }>;
};

/** autocannon in its own process (the load generator must not share the server's CPU time with a JS event loop). */
export async function cannon(
  url: string,
  cookie: string,
  opts: { method?: string; body?: unknown; duration?: number; connections?: number; allowNon2xx?: boolean } = {},
): Promise<CannonFigures> {
  const connections = opts.connections ?? CANNON.connections;
  const args = [CANNON_BIN, "-j", "-c", `${connections}`, "-d", `${opts.duration ?? CANNON.duration}`];
  for (const [k, v] of Object.entries(headers(cookie))) args.push("-H", `${k}=${v}`);
  if (opts.method) args.push("-m", opts.method);
  if (opts.body !== undefined) args.push("-b", JSON.stringify(opts.body));
  args.push(url);
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString("utf8")));
  const [code] = (await once(child, "close")) as [number];
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  const r = JSON.parse(out.trim().split("\n").pop() ?? "{}") as CannonJson;
  if (r.errors > 0 || r.timeouts > 0) throw new Error(`${url}: ${r.errors} errors, ${r.timeouts} timeouts`);
  if (r.non2xx > 0 && !opts.allowNon2xx) throw new Error(`${url}: ${r.non2xx} non-2xx answers`);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    statuses: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count])),
  };
}

export const READS = ["/api/user", "/api/dashboard/stats", "/api/assets?limit=5", "/api/beneficiaries"] as const;

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Writes the section where run-all wants it, or prints it. */
export function emit(markdown: string, verdicts: Verdict[]): void {
  if (process.env.BENCH_MARKDOWN_OUT) writeFileSync(process.env.BENCH_MARKDOWN_OUT, markdown);
  else console.log(markdown);
  if (process.env.BENCH_JSON_OUT) writeFileSync(process.env.BENCH_JSON_OUT, JSON.stringify(verdicts, null, 2));
}

/** Runs `bench` on every engine in turn and emits the sections under `intro`. */
export async function benchEachEngine(
  bench: (engine: Engine) => Promise<{ markdown: string; verdicts: Verdict[] }>,
  intro: string[],
): Promise<void> {
  const sections: string[] = [];
  const verdicts: Verdict[] = [];
  for (const engine of benchEngines()) {
    const r = await bench(engine);
    sections.push(r.markdown);
    verdicts.push(...r.verdicts);
  }
  emit([intro.join("\n"), ...sections].join("\n\n") + "\n", verdicts);
}

/** Runs `body` with a server on a fresh site; the site is gone afterwards whatever happens. */
export async function withServer<T>(site: Site, body: (server: RunningServer) => Promise<T>): Promise<T> {
  const server = await site.start();
  try {
    return await body(server);
  } finally {
    await server.stop();
  }
}

async function benchEngine(engine: Engine): Promise<{ markdown: string; verdicts: Verdict[] }> {
  const site = await createSite(engine);
  try {
    const user = await withServer(site, (s) => registerUser(s.baseUrl, "api"));
    const db = await site.openSql();
    try {
      await seedUser(db, user.id, { files: 52, typedPerKind: 8, beneficiaries: 10 });
      await analyzeAll(db);
    } finally {
      await db.close();
    }
    return await withServer(site, async (server) => {
      const me = await call(server.baseUrl, user.cookie, "GET", "/api/user");
      if (me.status !== 200) throw new Error(`session did not survive the restart: ${me.status}`);
      const url = (p: string) => `${server.baseUrl}${p}`;
      // Warm-up: JIT, connection pool, plan caches. Not counted.
      for (const p of ["/api/health", ...READS]) await cannon(url(p), user.cookie, { duration: 2 });
      const health = await cannon(url("/api/health"), "");
      const rows: { label: string; f: CannonFigures; isRead: boolean }[] = [];
      for (const p of READS) rows.push({ label: `GET ${p}`, f: await cannon(url(p), user.cookie), isRead: true });
      const will = { title: "Bench will", content: "I leave my record collection to my sister Efua." };
      const write = await cannon(url("/api/digital-wills"), user.cookie, {
        method: "POST",
        body: will,
        allowNon2xx: true,
      });
      rows.push({ label: "POST /api/digital-wills (new version, one transaction)", f: write, isRead: false });

      const verdicts: Verdict[] = [];
      const lines = [
        `### ${engine.label}`,
        "",
        `| autocannon ${CANNON.connections} conn × ${CANNON.duration} s | req/s | p50 | p99 | ÷ health req/s (target ≥ ${READ_FLOOR_RATIO}×) | verdict |`,
        "|---|---|---|---|---|---|",
        `| GET /api/health (floor) | ${fmt(health.rps)} | ${health.p50} ms | ${health.p99} ms | 1.00× | |`,
      ];
      for (const r of rows) {
        const ratio = r.f.rps / health.rps;
        const met = ratio >= READ_FLOOR_RATIO;
        const non2xx = r.f.non2xx ? ` (${r.f.non2xx} of ${r.f.requests} not 2xx)` : "";
        lines.push(
          `| ${r.label}${non2xx} | ${fmt(r.f.rps)} | ${r.f.p50} ms | ${r.f.p99} ms | **${ratio.toFixed(2)}×** | ${r.isRead ? (met ? "met" : "not met") : "(write: no target)"} |`,
        );
        if (r.isRead)
          verdicts.push({
            bench: "api",
            what: `${engine.label}: ${r.label} req/s ÷ health`,
            figure: `${ratio.toFixed(2)}× (${fmt(r.f.rps)} vs ${fmt(health.rps)} req/s)`,
            target: `≥ ${READ_FLOOR_RATIO}×`,
            met,
            mode: engine.mode,
          });
      }
      return { markdown: lines.join("\n"), verdicts };
    });
  } finally {
    await site.dispose();
  }
}

async function main() {
  const intro = [
    "## API throughput (bench/api.ts)",
    "",
    "The server as `npm start` runs it (the esbuild bundle dist/server/index.mjs with the start script's node flags,",
    "NODE_ENV=production) in its own process on loopback; autocannon in another. One client on Advanced Premium with 100 assets (52",
    "committed uploads, 8 of each of the six typed kinds) and 10 beneficiaries, loaded with SQL while the server was",
    "stopped, then ANALYZEd. Every endpoint gets a 2 s warm-up first. Requests carry the session cookie and",
    "`Sec-Fetch-Site: same-origin`. The write saves a new will version (archive the active one, insert the next) in",
    "one transaction per request, all on one user.",
  ];
  await benchEachEngine(benchEngine, intro);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
