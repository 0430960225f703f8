import { sql } from "drizzle-orm";
import { runInTransaction } from "../../db";
import { notify } from "../../lib/notifications";
import { createReleases, type ReleaseDeps } from "./create-releases";
import { auditInTx, recordTriggerEvents } from "./trigger-audit";

type FiredRow = {
  id: number;
  user_id: number;
  beneficiary_id: number;
  asset_id: number | null;
  asset_bundle_id: number | null;
  message: string | null;
  status: string;
  trigger_type: string;
};

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
    const result = await tx.execute<FiredRow>(sql`
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
      returning t.id, t.user_id, t.beneficiary_id, t.asset_id, t.asset_bundle_id, t.message, t.status, t.trigger_type`);
    const rows = result.rows;
    if (rows.length === 0) return 0;
    const completed = rows.filter((r) => r.status === "completed");
    const waiting = rows.filter((r) => r.status === "triggered");

    await createReleases(
      tx,
      deps,
      completed.map((r) => ({
        id: r.id,
        userId: r.user_id,
        beneficiaryId: r.beneficiary_id,
        assetId: r.asset_id,
        assetBundleId: r.asset_bundle_id,
        message: r.message,
      })),
      now,
    );
    await recordTriggerEvents(tx, [
      ...rows.map((r) => ({ triggerId: r.id, userId: r.user_id, at: now, kind: "fired" as const })),
      ...completed.map((r) => ({ triggerId: r.id, userId: r.user_id, at: now, kind: "completed" as const })),
    ]);
    await auditInTx(
      tx,
      rows.map((r) => ({
        at: now,
        actorId: null,
        subjectUserId: r.user_id,
        action: r.status === "completed" ? ("trigger_completed" as const) : ("trigger_fired" as const),
        target: `trigger:${r.id}`,
        details: { triggerType: r.trigger_type },
      })),
    );
    await notify(
      tx,
      deps,
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
