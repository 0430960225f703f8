/**
 * npm run bench:export — ZIP export figures for issue 5, against floors measured in the same run.
 *
 * 1. The real server runs in a child process on a fresh DATA_DIR (embedded engine); the script signs up, upgrades
 *    to Basic Premium (test-mode payments) and uploads ~1 GiB through the real upload route: a mix of sizes and
 *    kinds, random (incompressible) content except the .doc files, which are text-like.
 * 2. ZIP export through GET /api/export/backup?format=zip, streamed to nowhere, while the child's RSS is sampled
 *    from /proc every 10 ms.
 * 3. With the server stopped, the script opens the same database and blobs and times the floor: decrypting every
 *    stored blob to nowhere. For the compression choice it also times archiver over the same decrypted streams,
 *    storing everything vs deflating everything at level 1.
 * 4. For reference, `zip -r -0` of the plaintext files (decrypted into a temp folder first, untimed).
 * Runs alternate (export, floor, export, floor…) and report medians. Writes docs/bench-export.md; removes everything.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, mkdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ZipArchive } from "archiver";
import pg from "pg";
import { loadConfig } from "../server/config";
import { fileIdFor } from "../server/features/assets/upload-engine";
import { decryptStream } from "../server/lib/crypto/file-crypto";
import { createKeyring } from "../server/lib/crypto/keyring";
import { createStorage } from "../server/lib/storage";

const MiB = 1024 * 1024;
const RUNS = 5;
/** BENCH_EXPORT_SCALE=0.05 runs a quick smoke version with 5 % of the files. */
const SCALE = Number(process.env.BENCH_EXPORT_SCALE ?? 1);
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
  };
  // The server as `npm start` runs it: the compiled bundle, rebuilt here so it matches the sources.
  const built = spawnSync(process.execPath, ["scripts/build-server.mjs"], { cwd: ROOT, stdio: "inherit" });
  if (built.status !== 0) throw new Error("building the server bundle failed");
  const child = spawn(process.execPath, ["dist/server/index.mjs"], { cwd: ROOT, env, stdio: "inherit" });
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

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

const NOTES = [
  "### Reading the figures",
  "",
  "- The export costs what archiver costs: compare (b) with the archiver-store row, which has no HTTP, database or",
  "  PDF. archiver (zip-stream 7, crc32-stream 7) computes every entry's CRC-32 in JavaScript (`crc-32`, about",
  "  1.2 GB/s here, against ~4 GB/s for node:zlib's native crc32) and passes each chunk through three readable-stream",
  "  transforms, all on the thread that also decrypts. That, not the route, is what separates (b) from the floor.",
  "  Getting to ≤ 1.3× needs the decryption and the CRC on two cores (decrypt in a worker thread) or a native CRC",
  "  in the ZIP writer; both are follow-ups, not done here.",
  "- Deflating everything costs 5–10× the floor and gains nothing over the policy: media do not shrink, and the",
  "  compressible types are deflated anyway. Hence: store what is already compressed, deflate the rest at level 1.",
  "- RSS: the server (the compiled bundle `npm start` runs; optional SDKs load only when configured) holds ~140 MB",
  "  before any export on PostgreSQL (node, express, drizzle/pg, the AWS crypto SDK, pdfkit, archiver, pino…) and the",
  "  embedded engine adds PGlite's WASM heap (~0.6–0.9 GB), so the absolute target cannot be met by the export; what",
  "  the export itself adds is the growth above the idle figure, and it stays flat whatever the archive size",
  "  (one blob open at a time, backpressure down to the blob read).",
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
 * RSS, the floor, archiver storing the same streams], interleaved so background load hits all three alike; then
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
    const blobs = createBlobReader(dataDir, userId);
    const keys = await blobs.keys();
    const runs = { export: [] as number[], floor: [] as number[], stored: [] as number[], peakRss: 0, zipBytes: 0 };
    for (let run = 0; run < RUNS; run += 1) {
      let peak = rssOf(pid);
      const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
      runs.export.push(
        await seconds(async () => {
          const res = await request(port, { path: "/api/export/backup?format=zip", headers: { Cookie: cookie } });
          if (res.status !== 200) throw new Error(`export: ${res.status} ${res.text}`);
          runs.zipBytes = res.bytes;
        }),
      );
      clearInterval(timer);
      runs.peakRss = Math.max(runs.peakRss, peak);
      runs.floor.push(await seconds(() => blobs.decryptAll(keys)));
      runs.stored.push(await seconds(() => blobs.archiveAll(keys, true)));
    }
    const deflated = await seconds(() => blobs.archiveAll(keys, false));
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    const zip = await zipReference(dataDir, blobs, keys);
    return { engine: engine.name, files, plainBytes, uploadSeconds, startRss, idleRss, runs, deflated, zip };
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
      const zip = new ZipArchive({ zlib: { level: 1 } });
      const done = pipeline(zip, nowhere());
      for (const key of keys) {
        const entry = new Promise((r) => zip.once("entry", r));
        zip.append(await open(key), { name: key, store });
        await entry;
      }
      await zip.finalize();
      await done;
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
    row("archiver storing the same decrypted streams (no HTTP, no DB, no PDF)", f.runs.stored),
    row("archiver deflating everything at level 1 (1 run)", [f.deflated]),
    row("(c) reference: `zip -r -0` of the plaintext files", f.zip),
    "",
    `Server RSS: **peak ${f.runs.peakRss.toFixed(0)} MB during the exports, ${(f.runs.peakRss - f.idleRss).toFixed(0)} MB above ` +
      `the ${f.idleRss.toFixed(0)} MB it held just before them** (target < 150 MB); ${f.startRss.toFixed(0)} MB right after ` +
      `start. ZIP: ${(f.runs.zipBytes / 1024 ** 3).toFixed(3)} GiB.`,
    "",
  ].join("\n");
}

async function main() {
  const engines: Engine[] = [{ name: "embedded engine (PGlite in the server process)" }];
  if (process.env.BENCH_DATABASE_URL) engines.push({ name: "PostgreSQL", databaseUrl: process.env.BENCH_DATABASE_URL });
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
    "of text-like .doc. The server runs in its own process; its RSS is read from /proc/<pid>/status every 10 ms. The",
    "floor and the archiver rows run in the benchmark process on the same blobs, interleaved with the exports",
    `(${RUNS} rounds), every source already in the page cache. The ZIP stores already-compressed types and deflates`,
    "the rest at level 1.",
    "",
    ...results.map(section),
    NOTES,
  ].join("\n");
  console.log(body);
  await writeFile(path.join(ROOT, "docs/bench-export.md"), body);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
