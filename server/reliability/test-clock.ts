import path from "node:path";
import { startServer, type ServerProcess, type Site } from "./process";

const PRELOAD = path.join(import.meta.dirname, "clock-preload.mjs");
const ACK_TIMEOUT_MS = 10_000;

/**
 * The wall clock of one installation's server processes, as the fake clock is for in-process tests: real time plus
 * an offset the test moves (clock-preload.mjs). Servers started through it — and started again after a crash — all
 * read the same time, so "the trigger falls due" is a step of the test, never a sleep.
 */
export function createTestClock() {
  let offsetMs = 0;
  const running = new Set<ServerProcess>();

  const tell = (server: ServerProcess) =>
    new Promise<void>((resolve, reject) => {
      const { child } = server;
      const timer = setTimeout(() => done(new Error("the server did not acknowledge the clock")), ACK_TIMEOUT_MS);
      const onMessage = (m: { type?: string; offsetMs?: number }) => {
        if (m?.type === "heirloom:clock-set" && m.offsetMs === offsetMs) done();
      };
      const onExit = () => done(new Error("the server exited before acknowledging the clock"));
      const done = (err?: Error) => {
        clearTimeout(timer);
        child.off("message", onMessage);
        child.off("exit", onExit);
        if (err) reject(err);
        else resolve();
      };
      child.on("message", onMessage);
      child.once("exit", onExit);
      child.send({ type: "heirloom:clock", offsetMs });
    });

  return {
    /** What the servers' clock reads now. */
    now: () => new Date(Date.now() + offsetMs),
    /** Starts the server bundle on this clock (see process.ts startServer). */
    async start(site: Site, env: Record<string, string> = {}): Promise<ServerProcess> {
      const server = await startServer(
        site,
        { ...env, HEIRLOOM_TEST_CLOCK_OFFSET_MS: String(offsetMs) },
        { nodeArgs: ["--import", PRELOAD], ipc: true },
      );
      running.add(server);
      void server.exited.then(() => running.delete(server));
      return server;
    },
    /** Moves every running server's clock forward; resolves once each has acknowledged the new time. */
    async advance(ms: number): Promise<void> {
      offsetMs += ms;
      await Promise.all([...running].map(tell));
    },
  };
}

export type TestClock = ReturnType<typeof createTestClock>;
