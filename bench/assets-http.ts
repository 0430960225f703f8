/** HTTP and measuring helpers of bench/assets.ts: servers, raw clients, RSS sampling, autocannon in a child. */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pipeline } from "node:stream/promises";

export type Server = { port: number; close(): Promise<void> };
export type Transfer = { mbPerSecond: number; rssGrowthMB: number };

export async function serve(handler: http.RequestListener): Promise<Server> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** Runs `work`, sampling RSS every 10 ms; answers throughput over `bytes` and how far RSS rose above its start. */
export async function measure(bytes: number, work: () => Promise<void>): Promise<Transfer> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const start = process.hrtime.bigint();
  await work();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { mbPerSecond: bytes / 1024 / 1024 / seconds, rssGrowthMB: (peak - before) / 1024 / 1024 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/**
 * Median throughput of the counted runs (run 0 warms the JIT and heaps) and the largest RSS rise during any run,
 * the cold warm-up included (no forced GC, so garbage counts too).
 */
export const summarize = (runs: Transfer[]): Transfer => ({
  mbPerSecond: median(runs.slice(1).map((r) => r.mbPerSecond)),
  rssGrowthMB: Math.max(...runs.map((r) => r.rssGrowthMB)),
});

const CANNON_BIN = path.resolve(import.meta.dirname, "../node_modules/autocannon/autocannon.js");

/** autocannon in its own process, so the load generator does not share the app's event loop and CPU time. */
export async function runCannon(
  url: string,
  cookie: string,
  cannon: { connections: number; duration: number },
): Promise<{ p50: number; p99: number; rps: number }> {
  const args = [
    CANNON_BIN,
    "-j",
    "-c",
    `${cannon.connections}`,
    "-d",
    `${cannon.duration}`,
    "-H",
    `cookie=${cookie}`,
    url,
  ];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString("utf8")));
  const [code] = (await once(child, "close")) as [number];
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  const r = JSON.parse(out.trim().split("\n").pop() ?? "{}") as CannonResult;
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average };
}

type CannonResult = {
  non2xx: number;
  errors: number;
  latency: { p50: number; p99: number };
  requests: { average: number };
};

/** Reads a whole response into nothing, counting bytes. */
export function drain(port: number, pathname: string, cookie = ""): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: pathname, headers: { Cookie: cookie } }, (res) => {
        let n = 0;
        res.on("data", (c: Buffer) => (n += c.length));
        res.on("end", () =>
          res.statusCode === 200 && res.complete ? resolve(n) : reject(new Error(`GET ${pathname}`)),
        );
      })
      .on("error", reject);
  });
}

export function postJson(port: number, pathname: string, body: unknown): Promise<{ status: number; cookie: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: pathname, method: "POST", headers: { "Content-Type": "application/json" } },
      (res) => {
        res.resume();
        const cookie = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
        res.on("end", () => resolve({ status: res.statusCode ?? 0, cookie }));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

/** The practical limit: plain node:http streaming the same body to a file (flushed, as the local driver does). */
export async function startBaseline(dir: string): Promise<Server> {
  const file = path.join(dir, "baseline.bin");
  return serve((req, res) => {
    if (req.method === "GET") return void pipeline(createReadStream(file), res).catch(() => res.destroy());
    pipeline(req, createWriteStream(file, { flush: true })).then(
      () => res.writeHead(201).end("{}"),
      () => res.destroy(),
    );
  });
}
