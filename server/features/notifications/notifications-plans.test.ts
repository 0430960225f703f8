import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Logger as DrizzleLogger } from "drizzle-orm/logger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@shared/schema";
import type { Db } from "../../db";
import { startTestApp, type TestApp } from "../../test/harness";
import { listActivity } from "../activity/activity.queries";
import { listNotifications } from "./notifications.queries";

/**
 * The bell is polled by every open tab and the activity list grows with every sign-in: both must find one user's
 * rows through that user's index, never by reading everyone's (as server/security/explain.test.ts does for assets).
 * Real statements captured through drizzle's logger, EXPLAINed with their parameters over ANALYZEd tables.
 */
const USERS = 1000;
const ROWS_PER_USER = 40;

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: PlanNode[] };
type Access = { node: string; relation: string; indexes: string[] };

function indexesUnder(node: PlanNode, out: string[] = []): string[] {
  if (node["Index Name"]) out.push(node["Index Name"]);
  for (const child of node.Plans ?? []) indexesUnder(child, out);
  return out;
}
function accesses(node: PlanNode, out: Access[] = []): Access[] {
  if (node["Relation Name"])
    out.push({ node: node["Node Type"], relation: node["Relation Name"], indexes: indexesUnder(node) });
  for (const child of node.Plans ?? []) accesses(child, out);
  return out;
}

let app: TestApp;
let user: number;

beforeAll(async () => {
  app = await startTestApp();
  const users = await app.db.execute<{ id: number }>(sql`
    insert into users (email) select 'plan' || g || '@example.com' from generate_series(1, ${USERS}) g returning id`);
  user = users.rows[Math.floor(USERS / 2)].id;
  const ids = sql.raw(users.rows.map((r) => r.id).join(","));
  await app.db.execute(sql`
    insert into notifications (user_id, kind, title, body, dedupe_key, created_at, read_at)
    select u, 'test', 'Note ' || g, 'Body', 'plan:' || u || ':' || g, now() - g * interval '1 minute',
      case when g % 10 = 0 then null else now() end
    from unnest(array[${ids}]) u, generate_series(1, ${ROWS_PER_USER}) g`);
  await app.db.execute(sql`
    insert into audit_events (at, actor_id, subject_user_id, action)
    select now() - g * interval '1 minute', case when g % 2 = 0 then u end, case when g % 2 = 1 then u end, 'login_succeeded'
    from unnest(array[${ids}]) u, generate_series(1, ${ROWS_PER_USER}) g`);
  for (const table of ["users", "notifications", "audit_events"]) await app.db.execute(sql.raw(`analyze ${table}`));
});

afterAll(async () => {
  await app?.close();
});

async function accessesOf(read: (db: Db) => Promise<unknown>): Promise<Access[]> {
  const statements: { query: string; params: unknown[] }[] = [];
  const logger: DrizzleLogger = { logQuery: (query, params) => void statements.push({ query, params }) };
  await read(drizzle(app.pool, { schema, logger }));
  expect(statements.length).toBeGreaterThan(0);
  const all: Access[] = [];
  for (const s of statements) {
    const res = await app.pool.query<{ "QUERY PLAN": [{ Plan: PlanNode }] | string }>(
      `explain (format json) ${s.query}`,
      s.params,
    );
    const raw = res.rows[0]["QUERY PLAN"];
    const [root] = typeof raw === "string" ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw;
    all.push(...accesses(root.Plan));
  }
  return all;
}

describe("the bell's and the activity list's reads on tables of many users", () => {
  it("reads a page of notifications and both counts through the user's notification indexes", async () => {
    for (const unread of [false, true]) {
      const reads = await accessesOf((db) => listNotifications(db, { userId: user, unread, limit: 10, offset: 0 }));
      expect(reads.filter((a) => a.node === "Seq Scan")).toEqual([]);
      for (const read of reads) {
        expect(read.indexes.length, JSON.stringify(read)).toBeGreaterThan(0);
        for (const index of read.indexes) expect(index).toMatch(/^notifications_(user|unread)_idx$/);
      }
    }
  });

  it("reads a page of activity and its total through audit_events' indexes, never a scan of every event", async () => {
    const reads = await accessesOf((db) => listActivity(db, { userId: user, limit: 50, offset: 0 }));
    expect(reads.filter((a) => a.node === "Seq Scan")).toEqual([]);
    for (const read of reads) {
      expect(read.relation).toBe("audit_events");
      // the owner's actor and subject indexes — never the admin audit log's time index walked past everyone's events
      for (const index of read.indexes) expect(["audit_events_actor_idx", "audit_events_subject_idx"]).toContain(index);
    }
  });
});
