import { once } from "node:events";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { createLogger } from "../lib/logger";
import { createDatabase, IDLE_IN_TRANSACTION_TIMEOUT_MS } from ".";
import { serverEngine } from "./engine";

const isRealPostgres = Boolean(process.env.TEST_DATABASE_URL);
const engineName = isRealPostgres ? "PostgreSQL" : "embedded engine";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function settingOf(client: pg.PoolClient): Promise<string> {
  const result = await client.query<{ idle_in_transaction_session_timeout: string }>(
    "show idle_in_transaction_session_timeout",
  );
  return result.rows[0].idle_in_transaction_session_timeout;
}

describe(`idle_in_transaction_session_timeout (${engineName})`, () => {
  it("is in effect on every connection of the app's pool on PostgreSQL, and left off on the embedded engine", async () => {
    // Several connections at once on a server (each is a session of its own); the embedded pool has exactly one.
    const clients = await Promise.all(Array.from({ length: isRealPostgres ? 3 : 1 }, () => t.pool.connect()));
    try {
      const settings = await Promise.all(clients.map(settingOf));
      // PGlite ends its only backend — the whole embedded database — when this timeout fires, so it must stay off.
      const expected = isRealPostgres ? `${IDLE_IN_TRANSACTION_TIMEOUT_MS / 1000}s` : "0";
      expect(settings).toEqual(clients.map(() => expected));
    } finally {
      for (const client of clients) client.release();
    }
  });

  if (isRealPostgres) {
    it("ends a transaction abandoned while it holds a user-row lock, so other sessions get the row", async () => {
      const { user } = await t.signUp();
      const { connectionString } = t.deps.database.engine.connection as { connectionString: string };
      // The same settings as the app's, with a 200 ms timeout so that the cut comes at once.
      const short = createDatabase(serverEngine(connectionString), createLogger("silent"), {
        idleInTransactionTimeoutMs: 200,
      });
      const abandoned = await short.pool.connect();
      try {
        expect(await settingOf(abandoned)).toBe("200ms");
        await abandoned.query("begin");
        await abandoned.query("select id from users where id = $1 for update", [user.id]);
        // The holder now sends nothing more, as a request stuck mid-transaction would: the server must end it.
        const cutOff = once(abandoned, "error") as Promise<[Error & { code?: string }]>;
        const watchdog = new Promise<never>((_, reject) => {
          setTimeout(() => reject(new Error("the abandoned transaction was not ended within a second")), 1000).unref();
        });
        const [err] = await Promise.race([cutOff, watchdog]);
        expect(err.code).toBe("25P03"); // idle_in_transaction_session_timeout
        // Its lock goes with it: another session takes the row. The client hears the error a moment before the
        // server's backend has finished exiting, so the taker waits a bounded time (a lock never freed would fail it
        // after 5 s, far sooner than the 30 s the app's own setting would take).
        const locked = await t.db.transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '5s'`);
          return tx.execute(sql`select id from users where id = ${user.id} for update`);
        });
        expect(locked.rows).toEqual([{ id: user.id }]);
        await expect(abandoned.query("select 1")).rejects.toThrow();
      } finally {
        abandoned.release(true);
        await short.pool.end();
      }
    });
  }
});
