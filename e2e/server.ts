import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { lockDataDir } from "../server/db/data-dir-lock";
import { pgliteExtensions } from "../server/db/pglite-extensions";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export type RunningServer = {
  baseUrl: string;
  dataDir: string;
  logs: string[];
  /** The server process now running (a new one after `restart`). */
  readonly process: ChildProcess;
  stop(): Promise<void>;
  /**
   * Stops the server as an operator would (SIGTERM, waits for it and its embedded database to close), runs `whileDown`
   * (e.g. SQL through `openSql`), then starts it again on the same port, data and environment, and waits until it
   * answers /api/health. Sessions and everything stored survive, as they do across a real restart.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  /** Plain SQL against the server's database; on the embedded engine only while the server is stopped. */
  openSql(): Promise<SqlSession>;
};

/** A statement runner on the server's database, closed by `close()`. */
export type SqlSession = { query<T = Record<string, unknown>>(text: string): Promise<T[]>; close(): Promise<void> };

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * `<node flags> dist/server/index.mjs` exactly as package.json's start script runs the bundle, so whatever starts the
 * bundle (benchmarks) follows its flags.
 */
export function startScriptArgs(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  const bundle = words.indexOf("dist/server/index.mjs");
  const node = words.lastIndexOf("node", bundle);
  if (bundle < 0 || node < 0)
    throw new Error(`the start script does not run dist/server/index.mjs: ${pkg.scripts.start}`);
  return words.slice(node + 1, bundle + 1);
}

/**
 * Starts the real server as `npm start` runs it (the compiled dist/server/index.mjs with the start script's node
 * flags, never the sources through tsx) on a free port with a temporary DATA_DIR. `nodeArgs` go before the bundle
 * (a benchmark's probe preloaded with --import). The caller builds first (npm run build or scripts/ensure-build.mjs).
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(ROOT, "dist/server/index.mjs")))
    throw new Error("dist/server/index.mjs is missing: run npm run build first");
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "hl-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  const logs: string[] = [];
  const entry = [...(opts.nodeArgs ?? []), ...startScriptArgs()];
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "warn",
    ...env,
  };
  const databaseUrl = childEnv.DATABASE_URL || undefined;

  async function spawnHealthy(): Promise<ChildProcess> {
    const child = spawn(process.execPath, entry, { cwd: ROOT, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout?.on("data", (d: Buffer) => logs.push(d.toString()));
    child.stderr?.on("data", (d: Buffer) => logs.push(d.toString()));
    const deadline = Date.now() + 60_000;
    for (let healthy = false; !healthy;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join("")}`);
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`server did not answer /api/health within 60 s:\n${logs.join("")}`);
      }
      try {
        const res = await fetch(`${baseUrl}/api/health`);
        healthy = res.ok;
      } catch {
        // not listening yet
      }
      if (!healthy) await new Promise((r) => setTimeout(r, 250));
    }
    return child;
  }

  async function halt(child: ChildProcess): Promise<void> {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
  }

  let child = await spawnHealthy();
  let running = true;
  return {
    baseUrl,
    dataDir,
    logs,
    get process() {
      return child;
    },
    async stop() {
      await halt(child);
      running = false;
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async restart(whileDown) {
      await halt(child);
      running = false;
      await whileDown?.();
      child = await spawnHealthy();
      running = true;
    },
    async openSql() {
      if (databaseUrl) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        return {
          query: async <T>(text: string) => (await client.query(text)).rows as T[],
          close: () => client.end(),
        };
      }
      if (running) throw new Error("openSql on the embedded engine needs the server stopped (use restart)");
      // the embedded database process closes its files a moment after the server: its lock says when
      const pgdata = path.join(dataDir, "pgdata");
      const unlock = await lockDataDir(pgdata);
      try {
        const db = await PGlite.create({ dataDir: pgdata, extensions: await pgliteExtensions() });
        return {
          query: async <T>(text: string) => (await db.query<T>(text)).rows,
          close: async () => {
            await db.close();
            unlock();
          },
        };
      } catch (err) {
        unlock();
        throw err;
      }
    },
  };
}
