import { and, eq, sql } from "drizzle-orm";
import { assetReleaseTriggers, users } from "@shared/schema";
import { runInTransaction, type DbOrTx } from "../../db";
import type { AppDeps } from "../../deps";
import { stopRequestsOnActivity } from "../death-verification/lifecycle";
import type { DvDeps } from "../death-verification/dv-messages";
import { nextInactivityEvent } from "../triggers/next-event";
import { recordTriggerEvents } from "../triggers/trigger-audit";

/**
 * The owner's own activity (a sign-in, a check-in, by session or by a warning's link): stamps
 * `users.last_activity_at` and re-arms every pending inactivity trigger of theirs — a new period from now, warning
 * rungs re-armed — recording a `reset` in the history of those that had already warned. Run in the caller's
 * transaction; the row locks make a firing that races it either see the new period or have fired first. Nobody
 * else's action may call this for them. It also stops every open death verification about them (issue 16).
 */
export async function onOwnerActivity(tx: DbOrTx, deps: DvDeps, userId: number, now: Date): Promise<number> {
  await stopRequestsOnActivity(tx, deps, userId, now);
  await tx
    .update(users)
    .set({ lastActivityAt: sql`greatest(${users.lastActivityAt}, ${now}::timestamptz)` })
    .where(eq(users.id, userId));
  const rows = await tx
    .select({
      id: assetReleaseTriggers.id,
      days: assetReleaseTriggers.inactivityDays,
      rung: assetReleaseTriggers.warningRung,
    })
    .from(assetReleaseTriggers)
    .where(
      and(
        eq(assetReleaseTriggers.userId, userId),
        eq(assetReleaseTriggers.status, "pending"),
        eq(assetReleaseTriggers.triggerType, "inactivity_period"),
      ),
    )
    .for("update");
  if (rows.length === 0) return 0;
  const values = sql.join(
    rows.map((r) => {
      const next = nextInactivityEvent(now, r.days ?? 1, 0)!;
      return sql`(${r.id}::int, ${next.at}::timestamptz, ${next.kind}::varchar)`;
    }),
    sql`, `,
  );
  await tx.execute(sql`
    update asset_release_triggers t
    set warning_rung = 0, next_event_at = v.at, next_event_kind = v.kind
    from (values ${values}) as v(id, at, kind)
    where t.id = v.id and t.status = 'pending'`);
  await recordTriggerEvents(
    tx,
    rows
      .filter((r) => r.rung > 0)
      .map((r) => ({ triggerId: r.id, userId, at: now, kind: "reset" as const, details: { afterRung: r.rung } })),
  );
  return rows.length;
}

export type ActivityDeps = DvDeps & Pick<AppDeps, "database">;

/** The same, in a transaction of its own: what a sign-in calls once the session is established. */
export async function recordOwnerActivity(deps: ActivityDeps, userId: number): Promise<void> {
  await runInTransaction(deps.database.db, (tx) => onOwnerActivity(tx, deps, userId, deps.clock.now()));
}
