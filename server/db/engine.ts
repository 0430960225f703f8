import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/** How the app reaches PostgreSQL: plain `pg` connection settings, whatever the engine behind them. */
export type DatabaseEngine = {
  kind: "embedded" | "server";
  connection: { connectionString: string } | { host: string; port: number; user: string; database: string };
  /** Stops accepting connections (embedded: the socket server) without closing the data. */
  pause(): Promise<void>;
  /** Starts accepting connections again after `pause`. */
  resume(): Promise<void>;
  close(): Promise<void>;
};

const SOCKET_PORT = 5432;

/**
 * Embedded PostgreSQL: PGlite, served on a unix socket so every component (Drizzle, connect-pg-simple,
 * rate limiter) speaks plain `pg`. PGlite runs one transaction at a time; see server/db/index.ts for the guard.
 * `dataDir` undefined keeps the database in memory (tests).
 */
export async function startEmbeddedEngine(dataDir: string | undefined): Promise<DatabaseEngine> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Loaded here, not at start-up: a server on DATABASE_URL never pays for PGlite's WASM.
  const { PGlite: Engine } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer: SocketServer } = await import("@electric-sql/pglite-socket");
  const db: PGlite = await Engine.create(dataDir ? { dataDir } : {});
  // NOTE: unix socket paths are limited to ~107 bytes, so the socket lives in a short temp folder.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-pg-"));
  const socketPath = path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  let server: PGLiteSocketServer | null = null;

  const listen = async () => {
    server = new SocketServer({ db, path: socketPath, maxConnections: 32 });
    await server.start();
  };
  await listen();

  return {
    kind: "embedded",
    connection: { host: socketDir, port: SOCKET_PORT, user: "postgres", database: "postgres" },
    async pause() {
      const s = server;
      server = null;
      await s?.stop();
    },
    async resume() {
      if (!server) await listen();
    },
    async close() {
      const s = server;
      server = null;
      await s?.stop();
      await db.close();
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
