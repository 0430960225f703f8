/**
 * The embedded database's own process: PGlite on DATA_DIR/pgdata, served to the app over a unix socket in a
 * private (0700) directory. Started and supervised by `startEmbeddedProcess` (server/db/engine.ts) through an IPC
 * channel; never run by hand.
 *
 * Why a process of its own: PGlite's WASM heap (shared buffers, catalog caches: 150–500 MB) stays out of the app
 * server's memory, its queries run on another core instead of blocking the server's event loop, and a fault in the
 * engine cannot take the web server down with it (the supervisor restarts it; requests meanwhile answer 503).
 *
 * Messages from the parent: { type: "pause" | "resume" | "close" }; answers { type: "ready" | "paused" | "resumed" }
 * and, on a failed start, { type: "failed", message }.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Duplex } from "node:stream";
import type { PGlite } from "@electric-sql/pglite";
import { lockDataDir } from "./data-dir-lock";
import { pgliteExtensions } from "./pglite-extensions";
import { PGliteBridge } from "./pglite-stream";

type Command = { type: "pause" | "resume" | "close" };

const [dataDir, socketPath, mode] = process.argv.slice(2);
const send = (message: object) => process.send?.(message);

async function main(): Promise<void> {
  if (!process.send || !dataDir || !socketPath) throw new Error("pglite-process: started without its parent");
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const unlock = await lockDataDir(dataDir);
  const { PGlite: Engine } = await import("@electric-sql/pglite");
  const db: PGlite = await Engine.create({ dataDir, extensions: await pgliteExtensions() });
  if (mode === "--init-only") {
    // Creating a database (initdb) grows the WASM heap to ~800 MB, which a process never gives back: the parent runs
    // it in a process of its own that exits, and serves the data from a fresh one (~300 MB).
    await db.close();
    unlock();
    process.exit(0);
  }
  const bridge = new PGliteBridge(db);

  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    const conn = bridge.connect() as Duplex & { connect(): void };
    // Either side ending ends the other: a closed socket rolls back what its connection left open.
    socket.on("error", () => conn.destroy());
    socket.on("close", () => conn.destroy());
    conn.on("error", () => socket.destroy());
    conn.on("close", () => socket.destroy());
    conn.on("connect", () => {
      socket.pipe(conn);
      conn.pipe(socket);
    });
    conn.connect(); // refused (destroyed) while paused
  });
  fs.rmSync(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, resolve);
  });

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      bridge.pause();
      server.close();
      try {
        await db.close();
      } finally {
        unlock();
        fs.rmSync(path.dirname(socketPath), { recursive: true, force: true });
      }
    })());

  process.on("message", (message: Command) => {
    if (message.type === "pause") {
      bridge.pause();
      send({ type: "paused" });
    } else if (message.type === "resume") {
      bridge.resume();
      send({ type: "resumed" });
    } else if (message.type === "close") {
      void close().finally(() => process.exit(0));
    }
  });
  // The app server is gone (it crashed or was killed): close the data cleanly and follow it.
  process.on("disconnect", () => void close().finally(() => process.exit(0)));
  process.on("SIGTERM", () => void close().finally(() => process.exit(0)));
  process.on("SIGINT", () => undefined); // Ctrl-C reaches the whole group: the parent decides when the data closes
  send({ type: "ready" });
}

main().catch((err: unknown) => {
  send({ type: "failed", message: err instanceof Error ? err.message : String(err) });
  process.exit(1);
});
