import { sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { Task } from "../../lib/jobs/scheduler";

const BATCH = 1000;

/** The first instant of the clock's current month (UTC): earnings before it belong to a closed month. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * The monthly payout run (spec 001 §9: payouts on the 1st of each month). On the first tick of a month (and at
 * start-up after downtime) every `pending` earning of an earlier month becomes `payable` with its payout month, and
 * the agent's statement row for that month is written, in one set-based statement per batch. The move is a
 * conditional update, so any number of processes never count an earning twice.
 */
export function agentPayoutsTask(deps: Pick<AppDeps, "database" | "clock">): Task {
  return {
    name: "agent-payouts",
    async run(signal) {
      let handled = 0;
      for (;;) {
        if (signal.aborted) return handled;
        const now = deps.clock.now();
        const result = await deps.database.db.execute<{ n: number }>(sql`
          with due as (
            select id from agent_earnings
             where status = 'pending' and created_at < ${monthStart(now).toISOString()}::timestamptz
             order by created_at
             limit ${BATCH}
             for update skip locked
          ), moved as (
            update agent_earnings e
               set status = 'payable', payout_month = to_char(e.created_at at time zone 'UTC', 'YYYY-MM')
              from due where e.id = due.id and e.status = 'pending'
            returning e.agent_id, e.payout_month, e.commission
          ), statements as (
            insert into agent_payouts (agent_id, month, earnings_count, total, created_at)
            select agent_id, payout_month, count(*), sum(commission), ${now.toISOString()}::timestamptz
              from moved group by agent_id, payout_month
            on conflict (agent_id, month) do update
              set earnings_count = agent_payouts.earnings_count + excluded.earnings_count,
                  total = agent_payouts.total + excluded.total
            returning 1
          )
          select (select count(*) from moved)::int as n, (select count(*) from statements)::int as s`);
        const n = Number(result.rows[0]?.n ?? 0);
        handled += n;
        if (n < BATCH) return handled;
      }
    },
  };
}
