import { sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { Task } from "../../lib/jobs/scheduler";

/** Releases moved per statement; a tick goes round until none is due. */
const BATCH = 1000;

/**
 * Moves releases whose link has run out (`pending`/`opened` past `access_expires_at`) to `expired`, with one audit row
 * each for the owner, in one set-based statement per batch found through the partial expiry index. The access rules
 * already refuse an expired link from its expiry instant on; this makes the owner's list say so.
 */
export function releaseExpiryTask(deps: Pick<AppDeps, "database" | "clock">): Task {
  return {
    name: "release-expiry",
    async run(signal) {
      let handled = 0;
      for (;;) {
        if (signal.aborted) return handled;
        const now = deps.clock.now().toISOString();
        const result = await deps.database.db.execute<{ n: number }>(sql`
          with due as (
            select id from asset_releases
            where status in ('pending', 'opened') and access_expires_at <= ${now}::timestamptz
            order by access_expires_at
            limit ${BATCH}
            for update skip locked
          ), moved as (
            update asset_releases r set status = 'expired'
            from due where r.id = due.id and r.status in ('pending', 'opened')
            returning r.id, r.user_id
          ), audited as (
            insert into audit_events (at, actor_id, subject_user_id, action, target)
            select ${now}::timestamptz, null, user_id, 'release_expired', 'release:' || id from moved
            returning 1
          )
          select count(*)::int as n from audited`);
        const n = Number(result.rows[0]?.n ?? 0);
        handled += n;
        if (n < BATCH) return handled;
      }
    },
  };
}
