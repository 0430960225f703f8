import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startScriptArgs } from "../../e2e/server";

/**
 * Test helpers that run the real server as `npm start` runs it (the compiled bundle dist/server/index.mjs with the start
 * script's node flags, built by the suite's globalSetup) as a child process, like e2e/server.ts, but keep DATA_DIR
 * across stops so a test can SIGKILL the server and start it again on the same data (and the same DATABASE_URL).
 */

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
const START_TIMEOUT_MS = 90_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `everyMs` until it returns true or `timeoutMs` passes; returns the last verdict. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 50) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(everyMs);
  }
}

export type ServerProcess = {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  logs: string[];
  /** Resolves with the exit code (null when killed by a signal) once the process has exited. */
  exited: Promise<number | null>;
};

/** Every child started here, so afterAll can SIGKILL whatever a failed test left running. */
const children = new Set<ChildProcess>();
/** Servers a test is stopping or killing on purpose: any other exit is reported. */
const stopping = new WeakSet<ChildProcess>();

export type Site = {
  dataDir: string;
  /** Where the blobs live: the local driver's root (`DATA_DIR/blobs`). */
  blobRoot: string;
  port: number;
  baseUrl: string;
  /** Fixed across restarts so session cookies and the data stay valid. */
  env: Record<string, string>;
};

/** A DATA_DIR, a port and the secrets that must stay the same across restarts of one "installation". */
export async function createSite(databaseUrl: string | undefined): Promise<Site> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-rel-"));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const env: Record<string, string> = {
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "warn",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return { dataDir, blobRoot: path.join(dataDir, "blobs"), port, baseUrl, env };
}

/**
 * Starts the server bundle on the site's DATA_DIR and port; resolves once GET /api/health answers 200. `nodeArgs` go
 * before the bundle (a preload such as test-clock.ts's), `ipc` opens a channel to the process (`child.send`).
 */
export async function startServer(
  site: Site,
  extraEnv: Record<string, string> = {},
  opts: { nodeArgs?: string[]; ipc?: boolean } = {},
): Promise<ServerProcess> {
  if (!fs.existsSync(path.join(REPO_ROOT, "dist/server/index.mjs")))
    throw new Error("dist/server/index.mjs is missing: run npm run build (the suite's globalSetup builds it)");
  const logs: string[] = [];
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...startScriptArgs()], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...site.env, ...extraEnv },
    stdio: opts.ipc ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code, signal) => {
      children.delete(child);
      // A server that dies on its own makes the next requests fail with ECONNREFUSED: say why, with its logs.
      if (!stopping.has(child)) {
        process.stderr.write(
          `server on ${site.baseUrl} exited unexpectedly (code ${code}, signal ${signal}):\n${logs.join("")}\n`,
        );
      }
      resolve(code);
    });
  });
  child.stdout?.on("data", (d: Buffer) => logs.push(d.toString()));
  child.stderr?.on("data", (d: Buffer) => logs.push(d.toString()));
  const ready = await waitFor(
    async () => {
      if (child.exitCode !== null || child.signalCode !== null) return true;
      try {
        const res = await fetch(`${site.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
        await res.arrayBuffer();
        return res.ok;
      } catch {
        return false; // not listening yet
      }
    },
    START_TIMEOUT_MS,
    200,
  );
  if (!ready || child.exitCode !== null || child.signalCode !== null) {
    child.kill("SIGKILL");
    throw new Error(`server did not start:\n${logs.join("")}`);
  }
  return { baseUrl: site.baseUrl, port: site.port, child, logs, exited };
}

/** SIGKILL: no shutdown handler runs, exactly like a crash or the OOM killer. */
export async function crash(server: ServerProcess): Promise<void> {
  stopping.add(server.child);
  server.child.kill("SIGKILL");
  await server.exited;
}

/** SIGTERM, then the exit code; SIGKILL and throw if the server has not exited within `timeoutMs`. */
export async function stopGracefully(server: ServerProcess, timeoutMs = 30_000): Promise<number | null> {
  stopping.add(server.child);
  server.child.kill("SIGTERM");
  const timer = sleep(timeoutMs).then(() => "timeout" as const);
  const result = await Promise.race([server.exited, timer]);
  if (result === "timeout") {
    server.child.kill("SIGKILL");
    throw new Error(`server did not exit within ${timeoutMs} ms of SIGTERM:\n${server.logs.join("")}`);
  }
  return result;
}

/** For afterAll: SIGKILL every server a test left running (a failed assertion mid-test). */
export async function killLeftovers(): Promise<void> {
  const running = [...children];
  for (const child of running) {
    stopping.add(child);
    child.kill("SIGKILL");
  }
  await Promise.all(
    running.map((child) =>
      child.exitCode === null && child.signalCode === null
        ? new Promise((resolve) => child.once("exit", resolve))
        : undefined,
    ),
  );
}

/** The folder `DATA_DIR/blobs/<folder>` of the local blob driver (staging, blobs or .tmp). */
export function blobFolder(site: Site, folder: "staging" | "blobs" | ".tmp"): string {
  return path.join(site.blobRoot, folder);
}

export function removeSite(site: Site): void {
  fs.rmSync(site.dataDir, { recursive: true, force: true });
}
