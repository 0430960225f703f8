import fs from "node:fs";
import type { Duplex } from "node:stream";
import type { PGlite } from "@electric-sql/pglite";
import { PGliteBridge } from "./pglite-stream";

/** How the app reaches PostgreSQL: plain `pg` connection settings, whatever the engine behind them. */
export type DatabaseEngine = {
  kind: "embedded" | "server";
  connection: { connectionString: string } | { stream: () => Duplex; user: string; database: string };
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
  const db: PGlite = await Engine.create(dataDir ? { dataDir } : {});
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

export function serverEngine(connectionString: string): DatabaseEngine {
  return {
    kind: "server",
    connection: { connectionString },
    async pause() {},
    async resume() {},
    async close() {},
  };
}
