/**
 * The release portal's figures for bench:scheduler (issue 14), through the server bundle over HTTP: opening a release
 * (POST /api/releases/open) vs GET /api/health at p50, interleaved on one kept-alive connection; a release download
 * vs a bare node:http server streaming the same bytes from a file.
 */
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { fmt } from "./api";
import { drain, serve } from "./assets-http";
import type { SchedulerMeasurement } from "./scheduler";

export const SAMPLES = Number(process.env.BENCH_SCHEDULER_SAMPLES ?? 300);
export const FILE_BYTES = Number(process.env.BENCH_SCHEDULER_FILE_MB ?? 50) * 1024 * 1024;
export const DOWNLOAD_RUNS = 7;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request on a kept-alive connection: its status, its cookie, and how long the whole answer took (ms). */
function timed(port: number, method: string, pathname: string, headers: Record<string, string>, body?: unknown) {
  return new Promise<{ status: number; ms: number; cookie: string }>((resolve, reject) => {
    const started = process.hrtime.bigint();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: pathname,
        agent,
        headers: { ...headers, ...(payload ? { "Content-Type": "application/json" } : {}) },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            cookie: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; "),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)];
const median = (xs: number[]) => percentile(xs, 0.5);

/** Opening a release (rate limit, conditional update, access and audit rows, decryption) vs /api/health, at p50. */
export const openVsHealth: SchedulerMeasurement = {
  id: "open",
  async run({ engine, port, release }) {
    const open = (i: number) =>
      timed(
        port,
        "POST",
        "/api/releases/open",
        // a new client address per open (TRUST_PROXY=1), so the per-address look-up limit measures, never refuses
        { "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        { token: release.token },
      );
    const health = () => timed(port, "GET", "/api/health", {});
    for (let i = 0; i < 30; i += 1) {
      await open(100_000 + i);
      await health();
    }
    const opens: number[] = [];
    const healths: number[] = [];
    // interleaved, so both see the same machine at the same moments
    for (let i = 0; i < SAMPLES; i += 1) {
      const o = await open(i + 1);
      if (o.status !== 200) throw new Error(`open answered ${o.status}`);
      opens.push(o.ms);
      healths.push((await health()).ms);
    }
    const ratio = median(opens) / median(healths);
    const met = ratio <= 2;
    return {
      rows: [
        `| POST /api/releases/open (one file) | ${median(opens).toFixed(2)} ms | ${percentile(opens, 0.99).toFixed(2)} ms | GET /api/health: ${median(healths).toFixed(2)} ms (p99 ${percentile(healths, 0.99).toFixed(2)} ms) | **${ratio.toFixed(2)}×** (target ≤ 2×) | ${met ? "met" : "not met"} |`,
      ],
      verdicts: [
        {
          bench: "scheduler",
          what: `${engine.label}: release open p50 ÷ /api/health p50`,
          figure: `${ratio.toFixed(2)}× (${median(opens).toFixed(2)} vs ${median(healths).toFixed(2)} ms)`,
          target: "≤ 2×",
          met,
          mode: engine.mode,
        },
      ],
    };
  },
};

/** A release download (decrypting, as the owner's own) vs a bare node:http server streaming the same bytes from disk. */
export const downloadVsBare: SchedulerMeasurement = {
  id: "download",
  async run({ engine, port, release }) {
    const opened = await timed(
      port,
      "POST",
      "/api/releases/open",
      { "Sec-Fetch-Site": "same-origin" },
      {
        token: release.token,
      },
    );
    if (opened.status !== 200) throw new Error(`open answered ${opened.status}`);
    const dir = mkdtempSync(path.join(os.tmpdir(), "hl-bench-release-"));
    const file = path.join(dir, "plain.bin");
    writeFileSync(file, randomBytes(FILE_BYTES));
    const bare = await serve((_req, res) => {
      res.setHeader("Content-Length", String(FILE_BYTES));
      void pipeline(createReadStream(file), res).catch(() => res.destroy());
    });
    const once = async (fetchIt: () => Promise<number>) => {
      const started = process.hrtime.bigint();
      const bytes = await fetchIt();
      if (bytes !== FILE_BYTES) throw new Error(`downloaded ${bytes} of ${FILE_BYTES} bytes`);
      return bytes / 1024 / 1024 / (Number(process.hrtime.bigint() - started) / 1e9);
    };
    try {
      const fromApp = () => drain(port, `/api/releases/${release.id}/files/${release.fileId}`, opened.cookie);
      const fromBare = () => drain(bare.port, "/");
      // one warm-up each, then alternating, so a busy moment of the shared machine falls on both alike
      await once(fromApp);
      await once(fromBare);
      const appRuns: number[] = [];
      const bareRuns: number[] = [];
      for (let i = 0; i < DOWNLOAD_RUNS; i += 1) {
        appRuns.push(await once(fromApp));
        bareRuns.push(await once(fromBare));
      }
      const app = median(appRuns);
      const floor = median(bareRuns);
      const ratio = app / floor;
      const met = ratio >= 0.25;
      return {
        rows: [
          `| GET /api/releases/:id/files/:fileId (${FILE_BYTES / 1024 / 1024} MB) | ${fmt(app)} MB/s | | node:http file server: ${fmt(floor)} MB/s | **${ratio.toFixed(2)}×** (target ≥ 0.25×) | ${met ? "met" : "not met"} |`,
        ],
        verdicts: [
          {
            bench: "scheduler",
            what: `${engine.label}: release download MB/s ÷ node:http file server`,
            figure: `${ratio.toFixed(2)}× (${fmt(app)} vs ${fmt(floor)} MB/s)`,
            target: "≥ 0.25×",
            met,
            mode: engine.mode,
          },
        ],
      };
    } finally {
      await bare.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
