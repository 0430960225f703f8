import { sql } from "drizzle-orm";
import { runInTransaction } from "../../db";
import { releaseMoved, type MovedRow } from "./complete";
import type { ReleaseDeps } from "./create-releases";

/**
 * Fires one batch of due triggers in one transaction: a single conditional, set-based UPDATE moves every due pending
 * trigger of an active (not suspended) owner to `completed` — or to `triggered` when a trusted party must confirm —
 * and answers only the rows this process moved (another process's locked rows are skipped, its moved rows no longer
 * match). The releases, messages, history and audit of the batch are written in the same transaction.
 */
export async function fireDueTriggers(
  deps: ReleaseDeps & { database: { db: Parameters<typeof runInTransaction>[0] } },
  now: Date,
  limit: number,
): Promise<number> {
  return runInTransaction(deps.database.db, async (tx) => {
    const result = await tx.execute<MovedRow>(sql`
      with due as (
        select t.id from asset_release_triggers t
        join users u on u.id = t.user_id and u.status = 'active'
        where t.status = 'pending' and t.next_event_kind = 'fire' and t.next_event_at <= ${now}
        order by t.next_event_at, t.id
        limit ${limit}
        for update of t skip locked
      )
      update asset_release_triggers t
      set status = case when t.requires_verification then 'triggered' else 'completed' end,
          triggered_at = ${now},
          completed_at = case when t.requires_verification then null else ${now}::timestamptz end,
          next_event_at = null,
          next_event_kind = null
      from due
      where t.id = due.id and t.status = 'pending' and t.next_event_at <= ${now}
      returning t.id, t.user_id, t.beneficiary_id, t.asset_id, t.asset_bundle_id, t.message, t.status`);
    const rows = result.rows;
    if (rows.length === 0) return 0;
    const waiting = rows.filter((r) => r.status === "triggered");
    await releaseMoved(
      tx,
      deps,
      rows,
      now,
      true,
      waiting.map((r) => ({
        userId: r.user_id,
        kind: "trigger_fired",
        title: "Trigger fired",
        body: "Your trigger fired. It is released once one of your trusted parties confirms.",
        link: "/time-triggers",
        dedupeKey: `trigger:${r.id}:fired`,
      })),
    );
    return rows.length;
  });
}
