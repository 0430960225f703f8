/**
 * npm run bench:outage — how fast the server bundle answers while its database is gone, and how fast it recovers:
 * the timings server/db/outage.test.ts no longer asserts (it asserts the mechanism: 503 with Retry-After, the pool's
 * connection timeout answering a stall). Per engine, a signed-in GET /api/user while the database
 * - refuses (embedded: its database process SIGKILLed, until the supervisor restarts it; PostgreSQL: the connection
 *   cut at a loopback proxy), then the time until it answers 200 again once the database is back;
 * - stalls (embedded: the database process SIGSTOPped; PostgreSQL: the proxy turned into a black hole), answered
 *   within STALL_LIMIT_MS or not at all.
 * Prints a markdown section, or writes it to BENCH_MARKDOWN_OUT; verdicts go to BENCH_JSON_OUT.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startServer, type RunningServer } from "../e2e/server";
import { startTcpProxy } from "../server/test/tcp-proxy";
import { benchEngines, emit, registerUser, type Engine, type Verdict } from "./api";

/** Targets: a refused database is known at once; a stall is answered by the pool's connection timeout plus slack. */
const TARGET = { refusedMs: 1000, recoveryMs: 5000, stallMs: { embedded: 20_000, server: 8000 } };
/** How long a stalled request is given before it counts as unanswered. */
const STALL_LIMIT_MS = 60_000;
const RUNS = 3;

type Controls = { refuse(): Promise<void>; stall(): void; restore(): void };

async function timed(server: RunningServer, cookie: string, limitMs: number) {
  const started = performance.now();
  try {
    const res = await fetch(`${server.baseUrl}/api/user`, {
      headers: { cookie },
      signal: AbortSignal.timeout(limitMs),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get("retry-after") };
  } catch {
    return { status: 0, ms: performance.now() - started, retryAfter: null };
  }
}

/** Asks until the answer is 200 again; the time from the first ask. */
async function recovery(server: RunningServer, cookie: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const r = await timed(server, cookie, 10_000);
    if (r.status === 200) return performance.now() - started;
    if (performance.now() - started > 60_000) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function databasePid(dataDir: string): number {
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, "utf8");
      if (cmd.includes("pglite-process") && cmd.includes(dataDir)) return Number(name);
    } catch {
      // gone in between
    }
  }
  throw new Error("no database process found");
}

async function benchEngine(engine: Engine): Promise<{ markdown: string; verdicts: Verdict[] }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hl-bench-outage-"));
  let cleanup = async () => {};
  let controls: Controls;
  let env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: "error" };
  if (engine.url) {
    const name = `hl_bench_outage_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: engine.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(engine.url);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(engine.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${name}`;
    env = { ...env, DATABASE_URL: viaProxy.toString() };
    controls = { refuse: async () => proxy.cut(), stall: () => proxy.stall(), restore: () => proxy.restore() };
    cleanup = async () => {
      await proxy.close();
      const c = new pg.Client({ connectionString: engine.url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    env = { ...env, DATABASE_URL: "", EMBEDDED_DATABASE: engine.mode };
    let stopped: number | undefined;
    controls = {
      refuse: async () => void process.kill(databasePid(dataDir), "SIGKILL"),
      stall() {
        stopped = databasePid(dataDir);
        process.kill(stopped, "SIGSTOP");
      },
      restore() {
        if (stopped) process.kill(stopped, "SIGCONT");
        stopped = undefined;
      },
    };
  }
  const server = await startServer(env);
  try {
    const { cookie } = await registerUser(server.baseUrl, "outage");
    const refused: { ms: number; status: number; retryAfter: string | null; recoveryMs: number }[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await controls.refuse();
      const r = await timed(server, cookie, STALL_LIMIT_MS);
      controls.restore();
      refused.push({ ...r, recoveryMs: await recovery(server, cookie) });
    }
    controls.stall();
    const stalled = await timed(server, cookie, STALL_LIMIT_MS);
    controls.restore();
    const stallRecovery = await recovery(server, cookie);

    const kind = engine.url ? "server" : "embedded";
    const worst = (xs: number[]) => Math.max(...xs);
    const refusedMs = worst(refused.map((r) => r.ms));
    const recoveryMs = worst(refused.map((r) => r.recoveryMs));
    const verdicts: Verdict[] = [];
    const verdict = (what: string, figure: string, target: string, met: boolean) => {
      verdicts.push({ bench: "outage", what: `${engine.label}: ${what}`, figure, target, met, mode: engine.mode });
      return met ? "met" : "**not met**";
    };
    const ms = (x: number) => (Number.isFinite(x) ? `${Math.round(x)} ms` : "never");
    const allRefused503 = refused.every((r) => r.status === 503 && r.retryAfter !== null);
    const stallAnswered = stalled.status === 503 && stalled.ms <= TARGET.stallMs[kind];
    const lines = [
      `### ${engine.label}`,
      "",
      "| database | answer to GET /api/user | time (worst of runs) | target | verdict |",
      "|---|---|---|---|---|",
      `| refuses (${RUNS} runs) | ${refused.map((r) => r.status || "none").join(", ")} | ${ms(refusedMs)} | 503 with Retry-After, ≤ ${TARGET.refusedMs} ms | ${verdict("refused database: 503 with Retry-After, worst time", ms(refusedMs), `≤ ${TARGET.refusedMs} ms`, allRefused503 && refusedMs <= TARGET.refusedMs)} |`,
      `| back after a refusal | 200 | ${ms(recoveryMs)} | ≤ ${TARGET.recoveryMs} ms | ${verdict("recovery after a refusal, worst time", ms(recoveryMs), `≤ ${TARGET.recoveryMs} ms`, recoveryMs <= TARGET.recoveryMs)} |`,
      `| stalls | ${stalled.status ? stalled.status : `none within ${STALL_LIMIT_MS / 1000} s`} | ${stalled.status ? ms(stalled.ms) : "—"} | 503, ≤ ${TARGET.stallMs[kind]} ms | ${verdict("stalled database: 503, time", stalled.status ? ms(stalled.ms) : `no answer in ${STALL_LIMIT_MS / 1000} s`, `≤ ${TARGET.stallMs[kind]} ms`, stallAnswered)} |`,
      `| back after the stall | 200 | ${ms(stallRecovery)} | | |`,
    ];
    return { markdown: lines.join("\n"), verdicts };
  } finally {
    controls.restore();
    await server.stop();
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const intro = [
    "## Outage: a database that refuses or stalls (bench/outage.ts)",
    "",
    "The server bundle as `npm start` runs it, one signed-in client asking GET /api/user. Refusal: on the embedded",
    "engine its database process is SIGKILLed (the supervisor restarts it), on PostgreSQL the connection is cut at a",
    `loopback proxy; ${RUNS} runs. Stall: the database process SIGSTOPped, or the proxy passing nothing either way; one`,
    `run, given ${STALL_LIMIT_MS / 1000} s. Times are the client's, from the request to the whole answer.`,
  ];
  const sections: string[] = [];
  const verdicts: Verdict[] = [];
  for (const engine of benchEngines()) {
    const r = await benchEngine(engine);
    sections.push(r.markdown);
    verdicts.push(...r.verdicts);
  }
  emit([intro.join("\n"), ...sections].join("\n\n") + "\n", verdicts);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
