/**
 * The release engine's own figures for bench:scheduler (issue 14), measured IN-PROCESS (not through the HTTP
 * server): the real scheduler tasks (`triggersTask`, `outboxTask`) run against a database of the bench's own — the
 * embedded engine inline in this process on a data folder of its own, or a scratch database on PostgreSQL — with a
 * fake clock, the real keyring and a real SMTP server on loopback (server/test/smtp-sink.ts). Rows are seeded with
 * set-based SQL (INSERT … SELECT generate_series) and ANALYZEd.
 *
 * - idle tick: one run of the triggers task (what the scheduler does each interval) over 100 000 pending triggers
 *   none of which is due vs over 100, in two databases, ticks alternating; median of IDLE_TICKS each (target ≤ 2×).
 * - firing: 10 000 due `specific_date` triggers (automatic verification, one file each) fired by one run of the
 *   triggers task at a clock past the due time — releases, release items, outbox e-mails, notifications, history and
 *   audit included — vs the same rows written again by PostgreSQL with one UPDATE of the triggers and one
 *   `INSERT … SELECT` per table, in one transaction, into the same tables with the same indexes (target ≤ 5×).
 * - delivery (bench/scheduler-delivery.ts): 1 000 queued e-mails delivered by the outbox task vs 1 000 sent directly with nodemailer (same
 *   transport options, same concurrency as the outbox's DELIVERY_POLICY.concurrency) to the same sink, in two
 *   alternating halves of 500 (target ≥ 0.5× the direct rate).
 */
import { sql } from "drizzle-orm";
import { triggersTask } from "../server/features/triggers/triggers-task";
import { fmt } from "./api";
import {
  label,
  median,
  mode,
  ms,
  never,
  result,
  seedTriggers,
  withFixtures,
  type EngineFixture,
} from "./release-engine-db";
import type { SchedulerMeasurement } from "./scheduler";

export const IDLE_TICKS = Number(process.env.BENCH_SCHEDULER_IDLE_TICKS ?? 200);
const FIRE_COUNT = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const idleTick: SchedulerMeasurement = {
  id: "idle-tick",
  run: ({ engine }) =>
    withFixtures(2, engine, async ([small, big]) => {
      const dueAt = new Date(Date.now() + 30 * DAY_MS).toISOString();
      await seedTriggers(small, { key: "s", users: 10, perUser: 10, dueAt });
      await seedTriggers(big, { key: "b", users: 1_000, perUser: 100, dueAt });
      const tick = async (f: EngineFixture) => {
        const started = process.hrtime.bigint();
        const handled = await triggersTask(f.deps).run(never());
        if (handled !== 0) throw new Error(`an idle tick handled ${handled} triggers`);
        return ms(started);
      };
      for (let i = 0; i < 20; i += 1) {
        await tick(small);
        await tick(big);
      }
      const a: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < IDLE_TICKS; i += 1) {
        a.push(await tick(small));
        b.push(await tick(big));
      }
      const ratio = median(b) / median(a);
      const met = ratio <= 2;
      return result(
        `| idle tick (triggers task), 100 000 pending, none due | ${median(b).toFixed(2)} ms | | same tick over 100 pending: ${median(a).toFixed(2)} ms | **${ratio.toFixed(2)}×** (target ≤ 2×) | ${met ? "met" : "not met"} |`,
        {
          what: `${label(engine)}: idle tick over 100 000 pending triggers ÷ over 100 (in-process)`,
          figure: `${ratio.toFixed(2)}× (${median(b).toFixed(2)} vs ${median(a).toFixed(2)} ms)`,
          target: "≤ 2×",
          met,
          mode: mode(engine.url),
        },
      );
    }),
};

const WRITTEN = [
  "asset_releases",
  "release_items",
  "outbox_messages",
  "notifications",
  "trigger_events",
  "audit_events",
];

export const firing: SchedulerMeasurement = {
  id: "firing",
  run: ({ engine }) =>
    withFixtures(1, engine, async ([f]) => {
      const due = new Date(Date.now() - 60_000);
      await seedTriggers(f, {
        key: "f",
        users: 1_000,
        perUser: FIRE_COUNT / 1_000,
        dueAt: due.toISOString(),
        withFile: true,
      });
      const now = new Date(due.getTime() + 60_000);
      f.clock.set(now);
      const started = process.hrtime.bigint();
      const handled = await triggersTask(f.deps).run(never());
      const fireMs = ms(started);
      if (handled !== FIRE_COUNT) throw new Error(`fired ${handled} of ${FIRE_COUNT}`);
      const counts: Record<string, number> = {};
      for (const t of WRITTEN) {
        const r = await f.deps.database.db.execute<{ n: string }>(sql.raw(`select count(*) as n from ${t}`));
        counts[t] = Number(r.rows[0].n);
      }
      if (
        counts.asset_releases !== FIRE_COUNT ||
        counts.release_items !== FIRE_COUNT ||
        counts.outbox_messages !== FIRE_COUNT
      )
        throw new Error(`unexpected rows after firing: ${JSON.stringify(counts)}`);
      // The floor: the same rows, copied aside, removed, and written again set-based in one transaction.
      for (const t of WRITTEN) await f.exec(`create table bench_copy_${t} as select * from ${t}`);
      for (const t of [...WRITTEN].reverse()) await f.exec(`delete from ${t}`);
      await f.exec(`update asset_release_triggers set status = 'pending', triggered_at = null, completed_at = null,
        next_event_at = '${due.toISOString()}', next_event_kind = 'fire'`);
      await f.exec("vacuum analyze");
      const at = now.toISOString();
      const floorMs = await f.timeSql([
        `update asset_release_triggers set status = 'completed', triggered_at = '${at}', completed_at = '${at}',
          next_event_at = null, next_event_kind = null
         where status = 'pending' and next_event_kind = 'fire' and next_event_at <= '${at}'`,
        ...WRITTEN.map((t) => `insert into ${t} select * from bench_copy_${t}`),
      ]);
      const rows = Object.values(counts).reduce((a, b) => a + b, 0) + FIRE_COUNT;
      const ratio = fireMs / floorMs;
      const met = ratio <= 5;
      const what = WRITTEN.map((t) => `${fmt(counts[t])} ${t}`).join(", ");
      return result(
        `| firing ${fmt(FIRE_COUNT)} due triggers (triggers task; ${what}) | ${fmt(fireMs)} ms | | 1 UPDATE + 1 INSERT … SELECT per table, ${fmt(rows)} rows: ${fmt(floorMs)} ms | **${ratio.toFixed(2)}×** (target ≤ 5×) | ${met ? "met" : "not met"} |`,
        {
          what: `${label(engine)}: firing 10 000 due triggers ÷ set-based INSERT … SELECT of the same rows (in-process)`,
          figure: `${ratio.toFixed(2)}× (${fmt(fireMs)} vs ${fmt(floorMs)} ms)`,
          target: "≤ 5×",
          met,
          mode: mode(engine.url),
        },
      );
    }),
};
