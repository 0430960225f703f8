/**
 * npm run bench:export — ZIP export figures for issue 5, against floors measured in the same run.
 *
 * 1. The real server runs in a child process on a fresh DATA_DIR (embedded engine); the script signs up, upgrades
 *    to Basic Premium (test-mode payments) and uploads ~1 GiB through the real upload route: a mix of sizes and
 *    kinds, random (incompressible) content except the .doc files, which are text-like.
 * 2. ZIP export through GET /api/export/backup?format=zip, streamed to nowhere, while the child's RSS is sampled
 *    from /proc every 10 ms.
 * 3. With the server stopped, the script opens the same database and blobs and times the floor: decrypting every
 *    stored blob to nowhere. It also times the export's ZIP writer over the same decrypted streams (no HTTP, no
 *    database, no PDF), storing everything vs deflating everything at level 1.
 * 4. For reference, `zip -r -0` of the plaintext files (decrypted into a temp folder first, untimed).
 * Runs alternate (export, floor, export, floor…) and report medians. Writes docs/bench-export.md; removes everything.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, mkdirSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { loadConfig } from "../server/config";
import { fileIdFor } from "../server/lib/files/file-ids";
import { decryptStream } from "../server/lib/crypto/file-crypto";
import { createKeyring } from "../server/lib/crypto/keyring";
import { createStorage } from "../server/lib/storage";
import { startScriptArgs } from "../e2e/server";
import { EMBEDDED_MODE } from "./api";
import { createZipWriter } from "../server/features/backup/zip-writer";

const MiB = 1024 * 1024;
/**
 * For iterating only (the report is then printed, not written): BENCH_EXPORT_SCALE=0.05 runs 5 % of the files,
 * BENCH_EXPORT_ENGINES=postgres (or embedded) one engine, BENCH_EXPORT_RUNS=2 fewer rounds,
 * BENCH_EXPORT_NODE_FLAGS="--max-semi-space-size=1" node flags on top of the start script's.
 */
const SCALE = Number(process.env.BENCH_EXPORT_SCALE ?? 1);
const ONLY_ENGINE = process.env.BENCH_EXPORT_ENGINES;
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 5);
const IS_PARTIAL =
  SCALE !== 1 || ONLY_ENGINE !== undefined || RUNS !== 5 || process.env.BENCH_EXPORT_NODE_FLAGS !== undefined;
const ROOT = path.resolve(import.meta.dirname, "..");

/** ~1 GiB in 324 files; magic prefixes as each accepted type really starts. */
const MIX = [
  { count: 4, size: 100 * MiB, ext: "mp4", category: "videos", head: ftyp(), text: false },
  { count: 16, size: 20 * MiB, ext: "pdf", category: "documents", head: Buffer.from("%PDF-1.7\n"), text: false },
  {
    count: 48,
    size: 4 * MiB,
    ext: "jpg",
    category: "images",
    head: hex("ffd8ffe000104a46494600010100000100010000ffc0001108000100010301220002110103110100"),
    text: false,
  },
  { count: 64, size: 1 * MiB, ext: "doc", category: "documents", head: hex("d0cf11e0a1b11ae1"), text: true },
  {
    count: 192,
    size: MiB / 4,
    ext: "png",
    category: "images",
    head: hex("89504e470d0a1a0a0000000d4948445200000001000000010806000000000000000001000049444154"),
    text: false,
  },
] as const;

function hex(s: string) {
  return Buffer.from(s, "hex");
}
function ftyp() {
  const box = Buffer.alloc(32);
  box.writeUInt32BE(24, 0);
  box.write("ftypisom", 4);
  box.write("isom", 16);
  box.writeUInt32BE(8, 24);
  box.write("mdat", 28);
  return box;
}

const RANDOM = randomBytes(MiB);
const TEXT = Buffer.from("Kente, adinkra and the family house in Kumasi go to Ɛsi and Kofi. ".repeat(16_000)).subarray(
  0,
  MiB,
);
const nowhere = () => new Writable({ write: (_c, _e, cb) => cb() });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const seconds = async (work: () => Promise<unknown>) => {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e9;
};

async function freePort(): Promise<number> {
  const srv = net.createServer().listen(0, "127.0.0.1");
  await new Promise((r) => srv.once("listening", r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

function request(
  port: number,
  opts: http.RequestOptions,
  body?: Buffer | ((req: http.ClientRequest) => Promise<void>),
) {
  return new Promise<{ status: number; text: string; cookie: string; bytes: number }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, ...opts }, (res) => {
      let bytes = 0;
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => ((bytes += c.length), bytes < 65_536 && parts.push(c)));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          text: Buffer.concat(parts).toString("utf8"),
          cookie: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; "),
          bytes,
        }),
      );
    });
    req.on("error", reject);
    if (typeof body === "function") body(req).catch(reject);
    else req.end(body);
  });
}

/** One file as a streamed multipart upload: its magic prefix, then `size` bytes of random or text-like content. */
function uploadFile(port: number, cookie: string, spec: (typeof MIX)[number], i: number) {
  const boundary = `----bench${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\n${spec.category}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="file-${i}.${spec.ext}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const headers = { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: cookie };
  return request(port, { method: "POST", path: "/api/assets/upload", headers }, async (req) => {
    const write = (b: Buffer) => (req.write(b) ? Promise.resolve() : new Promise((r) => req.once("drain", r)));
    await write(head);
    await write(spec.head);
    const source = spec.text ? TEXT : RANDOM;
    for (let sent = spec.head.length; sent < spec.size; sent += source.length) {
      await write(source.subarray(0, Math.min(source.length, spec.size - sent)));
    }
    req.end(`\r\n--${boundary}--\r\n`);
  });
}

async function startServer(dataDir: string, port: number, databaseUrl?: string): Promise<ChildProcess> {
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl ?? "",
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    PUBLIC_URL: `http://localhost:${port}`,
    EMBEDDED_DATABASE: EMBEDDED_MODE,
  };
  // The server as `npm start` runs it: the compiled bundle (rebuilt here so it matches the sources) with the node
  // flags of the start script.
  const built = spawnSync(process.execPath, ["scripts/build-server.mjs"], { cwd: ROOT, stdio: "inherit" });
  if (built.status !== 0) throw new Error("building the server bundle failed");
  const child = spawn(process.execPath, startArgs(), { cwd: ROOT, env, stdio: "inherit" });
  for (let i = 0; i < 240; i += 1) {
    const ok = await request(port, { path: "/api/health" }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

/** The start script's `node` arguments, plus BENCH_EXPORT_NODE_FLAGS before the bundle when iterating. */
function startArgs(): string[] {
  const args = startScriptArgs();
  const extra = process.env.BENCH_EXPORT_NODE_FLAGS?.split(" ").filter(Boolean) ?? []; // iteration only
  return [...args.slice(0, -1), ...extra, ...args.slice(-1)];
}

function rssOf(pid: number, field: "VmRSS" | "VmHWM" = "VmRSS"): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

/** The embedded engine's database process (server/db/pglite-process.ts), a child of the server; undefined on PostgreSQL. */
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

/** Resets the kernel's peak-RSS mark (VmHWM) of the process, so it then holds the peak since this call. */
function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    // not permitted here: the 10 ms samples alone then give the peak
  }
}

const NOTES = [
  "### Reading the figures",
  "",
  "- The export writes its ZIP itself (server/features/backup/zip-writer.ts): node:zlib's native CRC-32 and each",
  "  decrypted chunk written straight to the response with backpressure, instead of archiver's JavaScript CRC and",
  "  its three readable-stream transforms per chunk. Over the same decrypted streams without HTTP (the ZIP-writer",
  "  row) it costs about what decryption alone costs; what still separates (b) from the floor is the HTTP transfer",
  "  (the kernel's loopback copy, ~0.8 s of server CPU per GiB here, and the client reading on the same two cores),",
  "  the summary PDF (~0.2 s per export: fontkit parses the embedded Noto Sans and lays out every row) and the",
  "  database snapshot — all on the one thread that also decrypts.",
  "- Decrypting in a worker thread was tried (one worker per export, ciphertext in and plaintext out as transferred",
  "  copies under a 1 MiB credit window): the per-chunk messaging and copies cost more main-thread time than the",
  "  decryption they moved, and the worker's own heap (~20 MB) works against the memory target; not kept.",
  "- Deflating everything costs several times the floor and gains nothing over the policy: media do not shrink, and",
  "  the compressible types are deflated anyway. Hence: store what is already compressed, deflate the rest at level 1.",
  "- RSS: `npm start` runs the compiled bundle with `--max-semi-space-size=1 --max-old-space-size=512`. V8's young",
  "  generation stays at 1 MB per semi-space instead of growing to 16 MB, so short-lived buffers go sooner; and a",
  "  512 MB old space (instead of ~4 GB on this 23 GB machine) makes V8 grow the heap by ~1.4× its live size rather",
  "  than 4×, so garbage does not pile up over a 1 GiB export. Server CPU per export and per API request stayed",
  "  within the noise. The live heap is ~50 MB; the largest thing a request may hold is a restore's backup.json",
  "  (64 MB at most, ~70 MB once parsed). pdfkit, yauzl and the optional SDKs load only when first used. The embedded engine adds PGlite's WASM heap (~0.6–0.9 GB), so the absolute target cannot be met",
  "  there; what the export adds is the growth above the idle figure, flat whatever the archive size (one blob open",
  "  at a time, backpressure down to the blob read).",
  "- The machine is shared with other jobs (see the load average): medians wander; the minima are the better",
  "  estimate of each path's own cost.",
  "",
].join("\n");

type Engine = { name: string; databaseUrl?: string };
type Figures = Awaited<ReturnType<typeof benchEngine>>;

/** A fresh database on BENCH_DATABASE_URL's server, dropped afterwards. */
async function scratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hl_bench_export_${randomBytes(4).toString("hex")}`;
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

/**
 * One engine: seed through the real routes, then RUNS rounds of [ZIP export over HTTP while sampling the server's
 * RSS, the floor, the ZIP writer storing the same streams], interleaved so background load hits all three alike; then
 * deflate-everything once, and `zip -r -0` of the plaintext once the server is stopped.
 */
async function benchEngine(engine: Engine) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hl-bench-export-"));
  const scratch = engine.databaseUrl ? await scratchDatabase(engine.databaseUrl) : undefined;
  const port = await freePort();
  const child = await startServer(dataDir, port, scratch?.url);
  const pid = child.pid ?? 0;
  // Interrupted (Ctrl-C, a CI timeout): stop the server and remove the gigabyte, then exit.
  const onSignal = () => {
    child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
    void (scratch?.drop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal).once("SIGTERM", onSignal);
  try {
    const startRss = rssOf(pid);
    const { cookie, userId } = await signUp(port);
    let plainBytes = 0;
    let files = 0;
    const uploadSeconds = await seconds(async () => {
      for (const spec of MIX) {
        for (let i = 0; i < Math.max(1, Math.round(spec.count * SCALE)); i += 1, files += 1) {
          const res = await uploadFile(port, cookie, spec, files);
          if (res.status !== 201) throw new Error(`upload ${files}: ${res.status} ${res.text}`);
          plainBytes += spec.size;
        }
      }
    });
    const idleRss = rssOf(pid);
    const dbPid = databasePidOf(pid);
    const dbIdleRss = dbPid ? rssOf(dbPid) : undefined;
    let dbPeakRss = 0;
    /** The largest sum of both processes' RSS seen in one sample. */
    let togetherPeak = 0;
    const blobs = createBlobReader(dataDir, userId);
    const keys = await blobs.keys();
    const runs = { export: [] as number[], floor: [] as number[], stored: [] as number[], peakRss: 0, zipBytes: 0 };
    for (let run = 0; run < RUNS; run += 1) {
      resetPeak(pid);
      if (dbPid) resetPeak(dbPid);
      let peak = rssOf(pid);
      const timer = setInterval(() => {
        const server = rssOf(pid);
        const database = dbPid ? rssOf(dbPid) : 0;
        peak = Math.max(peak, server);
        dbPeakRss = Math.max(dbPeakRss, database);
        togetherPeak = Math.max(togetherPeak, server + database);
      }, 10);
      runs.export.push(
        await seconds(async () => {
          const res = await request(port, { path: "/api/export/backup?format=zip", headers: { Cookie: cookie } });
          if (res.status !== 200) throw new Error(`export: ${res.status} ${res.text}`);
          runs.zipBytes = res.bytes;
        }),
      );
      clearInterval(timer);
      runs.peakRss = Math.max(runs.peakRss, peak, rssOf(pid, "VmHWM"));
      if (dbPid) dbPeakRss = Math.max(dbPeakRss, rssOf(dbPid, "VmHWM"));
      runs.floor.push(await seconds(() => blobs.decryptAll(keys)));
      runs.stored.push(await seconds(() => blobs.archiveAll(keys, true)));
    }
    const deflated = await seconds(() => blobs.archiveAll(keys, false));
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    const zip = await zipReference(dataDir, blobs, keys);
    const database = dbPid ? { idleRss: dbIdleRss ?? 0, peakRss: dbPeakRss, togetherPeak } : undefined;
    return { engine: engine.name, files, plainBytes, uploadSeconds, startRss, idleRss, runs, deflated, zip, database };
  } finally {
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
    if (child.exitCode === null) child.kill("SIGTERM");
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function signUp(port: number): Promise<{ cookie: string; userId: number }> {
  const json = { "Content-Type": "application/json" };
  const user = { email: "bench@example.com", password: "Kente-Cloth-2026", firstName: "Ama", lastName: "Mensah" };
  const body = (o: unknown) => Buffer.from(JSON.stringify(o));
  const registered = await request(port, { method: "POST", path: "/api/register", headers: json }, body(user));
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const upgrade = await request(
    port,
    { method: "POST", path: "/api/upgrade-plan", headers: { ...json, Cookie: registered.cookie } },
    body({ planId: "basic_premium" }),
  );
  if (upgrade.status !== 200) throw new Error(`upgrade: ${upgrade.status} ${upgrade.text}`);
  return { cookie: registered.cookie, userId: (JSON.parse(registered.text) as { id: number }).id };
}

/**
 * The user's stored blobs read straight from DATA_DIR with the same keyring, no database needed: the blob key's hex
 * name is the stored name, so the file id is known (fileIdFor), and the server can keep running meanwhile.
 */
function createBlobReader(dataDir: string, userId: number) {
  const config = loadConfig({ ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: "" });
  const keyring = createKeyring({ keys: config.encryptionKeys, currentKid: config.currentKid });
  const storage = createStorage({ driver: "local", root: path.join(dataDir, "blobs"), fsync: false });
  const open = async (key: string): Promise<Readable> =>
    decryptStream(keyring, await storage.get(key), { fileId: fileIdFor(userId, key.split("/")[1]) });
  return {
    open,
    async keys() {
      const keys: string[] = [];
      for await (const blob of storage.list("blobs/")) keys.push(blob.key);
      return keys.sort();
    },
    async decryptAll(keys: string[]) {
      for (const key of keys) for await (const _chunk of await open(key)); // the floor: nothing but decryption
    },
    async archiveAll(keys: string[], store: boolean) {
      const out = nowhere();
      const zip = createZipWriter(out, { signal: new AbortController().signal, deflateLevel: 1 });
      for (const key of keys) await zip.addStream({ name: key, date: new Date(), store }, await open(key));
      await zip.finish();
      out.end();
    },
  };
}

/** `zip -r -0` of the plaintext (decrypted into a folder first, untimed); null when zip is not installed. */
async function zipReference(dataDir: string, blobs: ReturnType<typeof createBlobReader>, keys: string[]) {
  if (spawnSync("zip", ["-v"]).status !== 0) return null;
  const plainDir = path.join(dataDir, "plain");
  mkdirSync(plainDir);
  for (const key of keys) await pipeline(await blobs.open(key), createWriteStream(path.join(plainDir, key.slice(6))));
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    times.push(
      await seconds(async () => {
        const zip = spawn("zip", ["-q", "-r", "-0", "-", "."], { cwd: plainDir, stdio: ["ignore", "pipe", "inherit"] });
        await pipeline(zip.stdout, nowhere());
      }),
    );
  }
  rmSync(plainDir, { recursive: true, force: true });
  return times;
}

/**
 * The export's memory figure, held to the target: everything the installation runs. On the embedded engine that is
 * the server and its database process (in the inline mode PGlite lives inside the server, so the server is all of
 * it); the larger of the two processes' peaks added together and the largest sum seen in one sample, so the figure
 * never undercounts. A PostgreSQL server's own processes are outside the installation and not counted.
 */
function memoryLine(f: Figures): string {
  const what = f.database
    ? "Memory of the server and its database process together"
    : f.engine.startsWith("PostgreSQL")
      ? "Memory of the server (PostgreSQL's own processes not counted)"
      : "Memory of the server (PGlite inside it)";
  const peak = f.database ? Math.max(f.runs.peakRss + f.database.peakRss, f.database.togetherPeak) : f.runs.peakRss;
  return `${what}: **peak ${peak.toFixed(0)} MB during the exports** (target < 150 MB).`;
}

function section(f: Figures): string {
  const floor = f.runs.floor;
  const rate = (x: number) => `${(f.plainBytes / MiB / x).toFixed(0)} MB/s`;
  const row = (name: string, xs: number[] | null, note = "") => {
    if (xs === null) return `| ${name} | not measured: \`zip\` is not installed | | |`;
    const [m, min] = [median(xs), Math.min(...xs)];
    const ratios = `**${(m / median(floor)).toFixed(2)}×** (${(min / Math.min(...floor)).toFixed(2)}×)`;
    return `| ${name} | ${m.toFixed(2)} s (${min.toFixed(2)} s) | ${rate(m)} | ${ratios}${note} |`;
  };
  return [
    `### ${f.engine}`,
    "",
    `${f.files} files, ${(f.plainBytes / 1024 ** 3).toFixed(2)} GiB, uploaded through the real route at ` +
      `${(f.plainBytes / MiB / f.uploadSeconds).toFixed(0)} MB/s.`,
    "",
    "| measurement | time: median (min) | rate at the median | ÷ floor: median (min) |",
    "|---|---|---|---|",
    row("(a) floor: decrypt every stored blob to nowhere", floor),
    row("**(b) ZIP export, GET /api/export/backup?format=zip to nowhere**", f.runs.export, " — target ≤ 1.3×"),
    row("the export's ZIP writer storing the same decrypted streams (no HTTP, no DB, no PDF)", f.runs.stored),
    row("the ZIP writer deflating everything at level 1 (1 run)", [f.deflated]),
    row("(c) reference: `zip -r -0` of the plaintext files", f.zip),
    "",
    memoryLine(f),
    "",
    `Server process alone: peak ${f.runs.peakRss.toFixed(0)} MB during the exports, ${(f.runs.peakRss - f.idleRss).toFixed(0)} MB ` +
      `above the ${f.idleRss.toFixed(0)} MB it held just before them; ${f.startRss.toFixed(0)} MB right after start. ` +
      `ZIP: ${(f.runs.zipBytes / 1024 ** 3).toFixed(3)} GiB.`,
    ...(f.database
      ? [
          "",
          `The embedded engine's database process (PGlite): ${f.database.idleRss.toFixed(0)} MB before the exports, ` +
            `peak ${f.database.peakRss.toFixed(0)} MB during them; both processes together peaked at ` +
            `${f.database.togetherPeak.toFixed(0)} MB in one sample.`,
        ]
      : []),
    "",
  ].join("\n");
}

async function main() {
  const engines: Engine[] = [
    {
      name:
        EMBEDDED_MODE === "process"
          ? "embedded engine (PGlite, process mode: a database process beside the server)"
          : "embedded engine (PGlite, inline mode: inside the server process)",
    },
  ];
  if (process.env.BENCH_DATABASE_URL) engines.push({ name: "PostgreSQL", databaseUrl: process.env.BENCH_DATABASE_URL });
  if (ONLY_ENGINE)
    engines.splice(
      0,
      engines.length,
      ...engines.filter((e) => (e.databaseUrl ? "postgres" : "embedded") === ONLY_ENGINE),
    );
  const results: Figures[] = [];
  for (const engine of engines) results.push(await benchEngine(engine));
  const cpu = os.cpus()[0]?.model ?? "cpu";
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");
  const body = [
    "# Export benchmark (issue 5)",
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:export\` on nproc ${os.cpus().length} (${cpu}), ` +
      `${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM, ${os.platform()} ${os.release()}, Node ${process.version}; ` +
      `load average at the end ${load} (the machine is shared).`,
    "",
    "Data: 4 × 100 MiB .mp4, 16 × 20 MiB .pdf, 48 × 4 MiB .jpg, 192 × 256 KiB .png of random bytes and 64 × 1 MiB",
    "of text-like .doc. The server runs in its own process as `npm start` runs it: " +
      `\`node ${startArgs().join(" ")}\`, NODE_ENV=production. Its peak RSS is the larger of /proc/<pid>/status VmRSS`,
    "sampled every 10 ms and the kernel's VmHWM mark, reset before each export; the embedded engine's database process",
    "is sampled alike and counted in the memory figure. The floor and the ZIP-writer rows run",
    "in the benchmark process on the same blobs, interleaved with the exports",
    `(${RUNS} rounds), every source already in the page cache. The ZIP stores already-compressed types and deflates`,
    "the rest at level 1.",
    "",
    ...results.map(section),
    NOTES,
  ].join("\n");
  console.log(body);
  if (IS_PARTIAL) console.log("(a partial run: docs/bench-export.md left as it was)");
  else await writeFile(path.join(ROOT, "docs/bench-export.md"), body);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
