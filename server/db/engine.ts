import { fork, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Duplex } from "node:stream";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { Logger } from "pino";
import { pgliteExtensions } from "./pglite-extensions";
import { PGliteBridge } from "./pglite-stream";

/** How the app reaches PostgreSQL: plain `pg` connection settings, whatever the engine behind them. */
export type DatabaseEngine = {
  kind: "embedded" | "server";
  connection:
    | { connectionString: string }
    | { stream: () => Duplex; user: string; database: string }
    | { host: string; port: number; user: string; database: string };
  /** Stops accepting connections (embedded: ends the live ones too) without closing the data. */
  pause(): Promise<void>;
  /** Starts accepting connections again after `pause`. */
  resume(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Embedded PostgreSQL: PGlite in this process, reached by plain `pg` through an in-memory stream (no socket), so
 * every component (Drizzle, connect-pg-simple, rate limiter) speaks plain `pg`. PGlite runs one transaction at a
 * time; see server/db/index.ts for the guard. `dataDir` undefined keeps the database in memory (tests).
 */
export async function startEmbeddedEngine(dataDir: string | undefined): Promise<DatabaseEngine> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Loaded here, not at start-up: a server on DATABASE_URL never pays for PGlite's WASM.
  const { PGlite: Engine } = await import("@electric-sql/pglite");
  const extensions = await pgliteExtensions();
  const db: PGlite = await Engine.create(dataDir ? { dataDir, extensions } : { extensions });
  const bridge = new PGliteBridge(db);

  return {
    kind: "embedded",
    connection: { stream: bridge.connect, user: "postgres", database: "postgres" },
    async pause() {
      bridge.pause();
    },
    async resume() {
      bridge.resume();
    },
    async close() {
      bridge.pause();
      await db.close();
    },
  };
}

/** How long a restarted database process waits before its next try, doubling up to the maximum. */
const RESTART_DELAY_MS = { first: 500, max: 30_000 };
const CLOSE_GRACE_MS = 15_000;

/**
 * Embedded PostgreSQL in a process of its own (server/db/pglite-process.ts): PGlite on `dataDir`, reached by plain
 * `pg` over a unix socket in a private 0700 directory. The app server keeps none of PGlite's memory and none of its
 * query time on its event loop. The process is supervised: if it dies, requests answer 503 (the socket refuses) and
 * it is started again after a back-off; if the app server dies, it closes the data and exits.
 */
export async function startEmbeddedProcess(dataDir: string, logger?: Logger): Promise<DatabaseEngine> {
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-db-")); // 0700: only this user may connect
  const port = 5432;
  const socketPath = path.join(socketDir, `.s.PGSQL.${port}`);
  const fromSources = import.meta.url.endsWith(".ts");
  const entry = new URL(fromSources ? "./pglite-process.ts" : "./pglite-process.mjs", import.meta.url);
  const execArgv = fromSources ? ["--import", "tsx"] : ["--enable-source-maps"];

  let child: ChildProcess | undefined;
  let stopping = false;
  let restartDelay = RESTART_DELAY_MS.first;
  let restartTimer: NodeJS.Timeout | undefined;

  /** Waits for the child's `type` message (the IPC channel keeps this process alive only while something waits). */
  async function reply(proc: ChildProcess, type: string): Promise<void> {
    proc.channel?.ref();
    try {
      await new Promise<void>((resolve, reject) => {
        const onMessage = (m: { type?: string; message?: string }) => {
          if (m.type === type) {
            done();
            resolve();
          } else if (m.type === "failed") {
            done();
            reject(new Error(`Embedded database failed to start: ${m.message}`));
          }
        };
        const onExit = (code: number | null) => {
          done();
          reject(new Error(`Embedded database process exited (code ${code}) before "${type}"`));
        };
        const done = () => {
          proc.off("message", onMessage);
          proc.off("exit", onExit);
        };
        proc.on("message", onMessage);
        proc.once("exit", onExit);
      });
    } finally {
      proc.channel?.unref();
    }
  }

  function start(args: string[]): ChildProcess {
    const proc = fork(fileURLToPath(entry), [dataDir, socketPath, ...args], {
      execArgv,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    proc.unref();
    return proc;
  }

  async function spawn(): Promise<void> {
    if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
      const init = start(["--init-only"]);
      init.ref(); // nothing else may keep this process alive yet while it waits for the exit
      let failure = "";
      init.on("message", (m: { type?: string; message?: string }) => {
        if (m.type === "failed") failure = m.message ?? "";
      });
      const [code] = (await once(init, "exit")) as [number | null];
      if (code !== 0) throw new Error(`Embedded database could not be created: ${failure || `exit code ${code}`}`);
    }
    const proc = start([]);
    child = proc;
    await reply(proc, "ready");
    if (stopping && proc.connected) proc.send({ type: "close" }); // closed while this restart was starting
    restartDelay = RESTART_DELAY_MS.first;
    proc.once("exit", (code, signal) => {
      if (child === proc) child = undefined;
      if (stopping) return;
      logger?.error({ event: "database_process_exit", code, signal }, "embedded database process died; restarting");
      scheduleRestart();
    });
  }

  function scheduleRestart(): void {
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (stopping) return;
      spawn().then(
        () => logger?.info({ event: "database_process_restarted" }, "embedded database process running again"),
        (err: unknown) => {
          logger?.error({ err, event: "database_process_restart_failed" }, "embedded database did not restart");
          restartDelay = Math.min(restartDelay * 2, RESTART_DELAY_MS.max);
          scheduleRestart();
        },
      );
    }, restartDelay);
    restartTimer.unref();
  }

  try {
    await spawn();
  } catch (err) {
    fs.rmSync(socketDir, { recursive: true, force: true });
    throw err;
  }

  async function command(type: "pause" | "resume", answer: string): Promise<void> {
    const proc = child;
    if (!proc?.connected) return;
    const answered = reply(proc, answer);
    proc.send({ type });
    await answered;
  }

  return {
    kind: "embedded",
    connection: { host: socketDir, port, user: "postgres", database: "postgres" },
    pause: () => command("pause", "paused"),
    resume: () => command("resume", "resumed"),
    async close() {
      stopping = true;
      clearTimeout(restartTimer);
      const proc = child;
      if (proc && proc.exitCode === null && proc.signalCode === null) {
        proc.channel?.ref();
        const exited = once(proc, "exit");
        if (proc.connected) proc.send({ type: "close" });
        else proc.kill("SIGTERM");
        const timer = setTimeout(() => proc.kill("SIGKILL"), CLOSE_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

export function serverEngine(connectionString: string): DatabaseEngine {
  return {
    kind: "server",
    connection: { connectionString },
    async pause() {},
    async resume() {},
    async close() {},
  };
}
