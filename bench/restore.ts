/**
 * npm run bench:restore — what a restore of the largest backup.json the server accepts costs in memory (issue 12,
 * "Work before the quota check"), and the time taken, which tests must not assert (import-safety.test.ts counts
 * bytes instead).
 *
 * For each engine (embedded, in its own process as `npm start` runs it; PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set): the server bundle starts with bench/memory-probe.mjs preloaded; per plan a user signs up,
 * and a valid backup.json exactly as large as that account may restore is generated (will versions of 100 000
 * characters and typed assets with long fields, every text with letters outside Latin-1, so V8 holds them as two-byte
 * strings: the worst case), then restored through POST /api/import/backup. Figures: the server's peak RSS (the larger
 * of the probe's 5 ms samples and the kernel's VmHWM mark, reset before each restore), V8's peak heap, Buffer memory,
 * the embedded database process's peak RSS, and the time to the answer. Then a backup.json 1 MiB over the limit and
 * a ZIP bomb (a 2 GB entry declared, 3 GB in truth) are refused, with the time to the answer and what they cost.
 *
 * Writes docs/bench-restore.md (BENCH_RESTORE_PRINT=1 prints it instead). BENCH_RESTORE_MIB=64 restores a
 * backup.json of that size on every plan instead of each plan's limit (to measure a limit before changing it).
 */
import { randomBytes } from "node:crypto";
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PLANS, MB as PLAN_MB, type PlanId } from "@shared/plans";
import type { BackupDocument } from "@shared/backup-format";
import { restoreJsonLimit } from "../server/features/backup/import-archive";
import { craftZip } from "../server/features/backup/backup.test-support";
import { SAMPLES } from "../server/test/typed-asset-samples";
import type { RunningServer } from "../e2e/server";
import { benchEngines, call, createSite, fmt, type Engine } from "./api";

const MiB = 1024 * 1024;
const ROOT = path.resolve(import.meta.dirname, "..");
const PROBE = path.resolve(import.meta.dirname, "memory-probe.mjs");
const DOCS = path.join(ROOT, "docs/bench-restore.md");
const PASSWORD = "Kente-Cloth-2026";
const FORCED_MIB = process.env.BENCH_RESTORE_MIB ? Number(process.env.BENCH_RESTORE_MIB) : undefined;
/** Targets set before the first run: a restore must leave room in the 512 MB old space for everything else. */
const TARGET = { heapMb: 256, rssMb: 512 };
const PLANS_MEASURED: PlanId[] = ["freemium", "advanced_premium"];

type Sample = { rss: number; heapUsed: number; heapTotal: number; external: number };
type Window = { start: Sample; peak: Sample; end: Sample };
type Figures = {
  label: string;
  jsonBytes: number;
  status: number;
  seconds: number;
  rssIdle: number;
  rssPeak: number;
  heapPeak: number;
  heapIdle: number;
  externalPeak: number;
  dbPeak?: number;
  message?: string;
};

// ——— /proc ———

function statusField(pid: number, field: "VmRSS" | "VmHWM"): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    // not permitted here: the samples alone then give the peak
  }
}

/** The embedded engine's database process, a child of the server; undefined on PostgreSQL. */
function databasePidOf(serverPid: number): number | undefined {
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]?.split(" ")[1]);
      if (ppid === serverPid && readFileSync(`/proc/${name}/cmdline`, "utf8").includes("pglite-process")) {
        return Number(name);
      }
    } catch {
      // gone in between
    }
  }
  return undefined;
}

// ——— a backup.json of a given size ———

const TEXT =
  "Ɛsi gets the house in Kumasi and the kente cloths; Kofi gets the cocoa farm near Ɔbuasi and the books. ".repeat(
    1200,
  );

/** One record of each typed kind, as the server exports them (ids, dates and all), to copy from. */
async function templates(baseUrl: string): Promise<BackupDocument> {
  const { cookie } = await signUp(baseUrl, "advanced_premium");
  for (const sample of Object.values(SAMPLES)) {
    const res = await call(baseUrl, cookie, "POST", sample.path, sample.body);
    if (res.status !== 201) throw new Error(`${sample.path}: ${res.status}`);
  }
  const will = { title: "Last will", content: "Everything to Ɛsi, my daughter, and to Kofi, my son." };
  if ((await call(baseUrl, cookie, "POST", "/api/digital-wills", will)).status !== 201) throw new Error("will");
  const beneficiary = { firstName: "Ɛsi", lastName: "Mensah", email: "esi@example.com", relationship: "child" };
  if ((await call(baseUrl, cookie, "POST", "/api/beneficiaries", beneficiary)).status !== 201) throw new Error("b");
  const res = await fetch(`${baseUrl}/api/export/backup?format=json`, { headers: { Cookie: cookie } });
  if (res.status !== 200) throw new Error(`export: ${res.status}`);
  return (await res.json()) as BackupDocument;
}

/**
 * A valid backup of at most `bytes` bytes (within one record, ~10 KiB, of it) for a plan: half of it in will versions
 * of 100 000 characters, half in typed assets with a 5000-character description each (intellectual property capped
 * at the plan's limit).
 */
function backupOfSize(template: BackupDocument, bytes: number, plan: PlanId): Buffer {
  const doc = structuredClone(template);
  const ipLimit = PLANS[plan].limits.ipAssets ?? Infinity;
  const typedKinds = Object.keys(doc.assets).filter((k) => k !== "files") as (keyof typeof doc.assets)[];
  const will = doc.wills[0];
  doc.wills = [];
  for (const kind of typedKinds) doc.assets[kind] = [];
  const sizeOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value)) + 1; // and its comma
  let id = 1;
  let size = sizeOf(doc);
  for (;;) {
    const version = doc.wills.length + 1;
    const record = { ...will, id: id++, version, isActive: false, content: TEXT.slice(version % 7, 100_000) };
    const piece = sizeOf(record);
    if (size + piece > bytes / 2) break;
    doc.wills.push(record);
    size += piece;
  }
  doc.wills[doc.wills.length - 1].isActive = true;
  for (let k = 0; ; k += 1) {
    const kind = typedKinds[k % typedKinds.length];
    const rows = doc.assets[kind] as Record<string, unknown>[];
    if (kind === "intellectual_property" && rows.length >= ipLimit) continue;
    const record: Record<string, unknown> = { ...template.assets[kind][0], id: id++, assignedToBeneficiary: null };
    record.description = TEXT.slice(id % 11, 5000 + (id % 11));
    const piece = sizeOf(record);
    if (size + piece > bytes) break;
    rows.push(record);
    size += piece;
  }
  const text = Buffer.from(JSON.stringify(doc));
  if (text.length > bytes) throw new Error(`generated ${text.length} bytes for a limit of ${bytes}`);
  return text;
}

// ——— HTTP ———

/** e2e/server.ts gives up waiting after a minute; a loaded machine can need longer to start the bundle. */
async function healthy(baseUrl: string): Promise<void> {
  for (const deadline = Date.now() + 300_000; Date.now() < deadline;) {
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not start within 5 minutes");
}

async function signUp(baseUrl: string, plan: PlanId): Promise<{ cookie: string; storageLimit: number }> {
  const email = `bench-restore-${randomBytes(4).toString("hex")}@example.com`;
  const body = { email, password: PASSWORD, firstName: "Ama", lastName: "Bench", userType: "client" };
  const reg = await call(baseUrl, "", "POST", "/api/register", body);
  if (reg.status !== 201) throw new Error(`sign-up: ${reg.status}`);
  if (plan !== "freemium") {
    const up = await call(baseUrl, reg.cookie, "POST", "/api/upgrade-plan", { planId: plan });
    if (up.status !== 200) throw new Error(`upgrade: ${up.status}`);
  }
  return { cookie: reg.cookie, storageLimit: PLANS[plan].limits.baseStorageMB * PLAN_MB };
}

async function restore(baseUrl: string, cookie: string, data: Buffer, name: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${baseUrl}/api/import/backup`, {
    method: "POST",
    headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
    body: form,
  });
  const body = (await res.json()) as { message?: string };
  return { status: res.status, message: body.message };
}

// ——— measuring ———

async function measure(
  server: RunningServer,
  probeOut: string,
  label: string,
  work: () => Promise<{ status: number; message?: string; bytes: number }>,
): Promise<Figures> {
  const pid = server.process.pid!;
  const dbPid = databasePidOf(pid);
  // Let the sign-up's garbage go and the probe's window start here.
  await new Promise((r) => setTimeout(r, 1000));
  const windows = () => readFileSync(probeOut, "utf8").trim().split("\n").filter(Boolean);
  const seen = windows().length;
  process.kill(pid, "SIGUSR2");
  while (windows().length === seen) await new Promise((r) => setTimeout(r, 20));
  const idle = JSON.parse(windows().at(-1)!) as Window;
  resetPeak(pid);
  if (dbPid) resetPeak(dbPid);
  let rssPeak = 0;
  let dbPeak = 0;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, statusField(pid, "VmRSS"));
    if (dbPid) dbPeak = Math.max(dbPeak, statusField(dbPid, "VmRSS"));
  }, 10);
  const started = process.hrtime.bigint();
  const result = await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  process.kill(pid, "SIGUSR2");
  while (windows().length === seen + 1) await new Promise((r) => setTimeout(r, 20));
  const during = JSON.parse(windows().at(-1)!) as Window;
  return {
    label,
    jsonBytes: result.bytes,
    status: result.status,
    message: result.message,
    seconds,
    rssIdle: idle.end.rss,
    rssPeak: Math.max(rssPeak, during.peak.rss, statusField(pid, "VmHWM")),
    heapIdle: idle.end.heapUsed,
    heapPeak: during.peak.heapUsed,
    externalPeak: during.peak.external,
    dbPeak: dbPid ? Math.max(dbPeak, statusField(dbPid, "VmHWM")) : undefined,
  };
}

async function benchEngine(engine: Engine): Promise<Figures[]> {
  const site = await createSite(engine);
  const probeOut = path.join(os.tmpdir(), `hl-restore-probe-${process.pid}-${Date.now()}.jsonl`);
  writeFileSync(probeOut, "");
  process.env.MEMORY_PROBE_OUT = probeOut;
  const server = await site.start(["--import", PROBE]);
  const figures: Figures[] = [];
  try {
    await healthy(server.baseUrl);
    const template = await templates(server.baseUrl);
    for (const plan of PLANS_MEASURED) {
      const account = await signUp(server.baseUrl, plan);
      const limit = FORCED_MIB ? FORCED_MIB * MiB : restoreJsonLimit(account.storageLimit);
      const json = backupOfSize(template, limit, plan);
      console.error(`${engine.label}, ${plan}: restoring ${fmt(json.length)} bytes of backup.json`);
      const accepted = await measure(
        server,
        probeOut,
        `${PLANS[plan].name}: the largest backup.json accepted`,
        async () => ({
          ...(await restore(server.baseUrl, account.cookie, json, "backup.json")),
          bytes: json.length,
        }),
      );
      figures.push(accepted);
      if (FORCED_MIB) continue;
      const over = Buffer.concat([json.subarray(0, -1), Buffer.alloc(MiB, " "), json.subarray(-1)]);
      const next = await signUp(server.baseUrl, plan);
      figures.push(
        await measure(server, probeOut, `${PLANS[plan].name}: 1 MiB over the limit (refused)`, async () => ({
          ...(await restore(server.baseUrl, next.cookie, over, "backup.json")),
          bytes: over.length,
        })),
      );
    }
    // A zip bomb refused from its directory: 8 MiB of zeros deflated to ~8 KiB, declared as 3 GB.
    const bomb = craftZip([
      { name: "backup.json", data: Buffer.from("{}"), deflate: true },
      { name: "files/other/bomb.pdf", data: Buffer.alloc(8 * MiB), deflate: true, declaredSize: 3_000_000_000 },
    ]);
    const victim = await signUp(server.baseUrl, "advanced_premium");
    figures.push(
      await measure(server, probeOut, "ZIP bomb (3 GB declared), refused from its directory", async () => ({
        ...(await restore(server.baseUrl, victim.cookie, bomb, "backup.zip")),
        bytes: 0,
      })),
    );
  } finally {
    await server.stop();
    await site.dispose();
    rmSync(probeOut, { force: true });
  }
  return figures;
}

function section(engine: Engine, figures: Figures[]): string {
  const embedded = !engine.url;
  const db = embedded ? " database process RSS, peak |" : "";
  const lines = [
    `### ${embedded ? "embedded engine (PGlite in its own process, EMBEDDED_DATABASE=process)" : "PostgreSQL"}`,
    "",
    `| restore | backup.json | answer | time | server RSS, idle | server RSS, peak (< ${TARGET.rssMb} MB) | V8 heap used, idle | V8 heap used, peak (< ${TARGET.heapMb} MB) | Buffers, peak |${db}`,
    `|---|---|---|---|---|---|---|---|---|${embedded ? "---|" : ""}`,
  ];
  const mb = (n: number) => `${Math.round(n)} MB`;
  for (const f of figures) {
    const size = f.jsonBytes ? `${(f.jsonBytes / MiB).toFixed(1)} MiB` : "—";
    const answer = f.message && f.status >= 400 ? `${f.status}: ${f.message.slice(0, 60)}…` : String(f.status);
    const dbPeak = embedded ? ` ${f.dbPeak ? mb(f.dbPeak) : "?"} |` : "";
    lines.push(
      `| ${f.label} | ${size} | ${answer.replace(/\|/g, "\\|")} | ${f.seconds.toFixed(2)} s | ${mb(f.rssIdle)} | ${mb(f.rssPeak)} | ${mb(f.heapIdle)} | ${mb(f.heapPeak)} | ${mb(f.externalPeak)} |${dbPeak}`,
    );
  }
  return lines.join("\n");
}

function machine(): string {
  const cpu = /model name\s*:\s*(.+)/.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1] ?? os.cpus()[0]?.model ?? "?";
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");
  return (
    `Measured ${new Date().toISOString().replace("T", " ").slice(0, 16)} UTC with \`npm run bench:restore\` on nproc ` +
    `${os.cpus().length} (${cpu}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM, ${os.type()} ${os.release()}, ` +
    `Node ${process.version}; load average at the end ${load} (the machine is shared).`
  );
}

async function main() {
  const sections: string[] = [];
  for (const engine of benchEngines()) sections.push(section(engine, await benchEngine(engine)));
  const markdown = [
    "# Restore: memory of the largest backup.json accepted (issue 12)",
    "",
    machine(),
    "",
    "The server bundle runs as `npm start` runs it (`--max-semi-space-size=1 --max-old-space-size=512`,",
    "NODE_ENV=production), with bench/memory-probe.mjs preloaded. Each restore posts a valid backup.json as",
    "large as the account may restore (to within one record): half of it will versions of 100 000 characters, half typed assets with a",
    "5 000-character description, every text with letters outside Latin-1 (V8 then stores two bytes per character, the",
    "worst case). Server RSS: the larger of /proc VmRSS sampled every 10 ms and the kernel's VmHWM, reset before each",
    "restore. Heap and Buffers: the probe's 5 ms samples inside the server (a sample waits for a long synchronous",
    "call such as JSON.parse to return; what it allocated is still live then). Times are wall-clock on a shared machine.",
    FORCED_MIB
      ? `\n**BENCH_RESTORE_MIB=${FORCED_MIB}: every plan restored ${FORCED_MIB} MiB, not its own limit.**`
      : "",
    "",
    sections.join("\n\n"),
    "",
  ].join("\n");
  if (process.env.BENCH_RESTORE_PRINT || FORCED_MIB) console.log(markdown);
  else writeFileSync(DOCS, markdown);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
