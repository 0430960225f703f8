import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, runInTransaction } from "../../db";
import { serverEngine } from "../../db/engine";
import { startTestApp, type TestApp } from "../../test/harness";
import { deliverDueMessages, type OutboxDeliveryDeps } from "./deliver";
import { enqueueMessage } from "./enqueue";

/**
 * Several workers — in several processes, each with its own pool — deliver from one outbox at once: every message
 * is sent exactly once (contract: any number of server processes; RACE-03's "one message per recipient"). Real
 * concurrency needs real PostgreSQL (TEST_DATABASE_URL); the embedded engine runs the same test one claim at a time.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("workers racing for the same due messages", () => {
  it("send each message once when four workers on two pools deliver at the same moment", async () => {
    await t.deliverOutbox();
    const recipients = Array.from({ length: 60 }, (_, i) => t.uniqueEmail(`race${i}`));
    await runInTransaction(t.db, async (tx) => {
      for (const [i, to] of recipients.entries()) {
        await enqueueMessage(tx, t.deps, {
          channel: "email",
          kind: "test",
          to,
          subject: "Race",
          text: `Message ${i}`,
          dedupeKey: `race:${to}`,
        });
      }
    });

    // A second "process": its own pool on the same database (on the embedded engine, the one shared connection).
    const { engine } = t.deps.database;
    const other =
      engine.kind === "server" && "connectionString" in engine.connection
        ? createDatabase(serverEngine(engine.connection.connectionString), t.deps.logger)
        : null;
    const second: OutboxDeliveryDeps = other ? { ...t.deps, database: other } : t.deps;
    const worker = async (deps: OutboxDeliveryDeps) => {
      let claimed = 0;
      for (;;) {
        const r = await deliverDueMessages(deps, { limit: 5 });
        if (r.claimed === 0) return claimed;
        claimed += r.claimed;
      }
    };
    try {
      const claims = await Promise.all([worker(t.deps), worker(second), worker(t.deps), worker(second)]);
      expect(claims.reduce((a, b) => a + b, 0)).toBe(60);
    } finally {
      await other?.close();
    }
    for (const to of recipients) expect(t.smtp.to(to), to).toHaveLength(1);
    const statuses = await t.db.execute<{ status: string; attempts: number; n: number }>(
      sql`select status, attempts, count(*)::int as n from outbox_messages where kind = 'test' group by 1, 2`,
    );
    expect(statuses.rows).toEqual([{ status: "sent", attempts: 1, n: 60 }]);
  });
});
