import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import type { NewNotification } from "../../lib/notifications";
import { createReleases, type ReleaseDeps } from "./create-releases";
import { recordTriggerEvents } from "./trigger-audit";

export type MovedRow = {
  id: number;
  user_id: number;
  beneficiary_id: number;
  asset_id: number | null;
  asset_bundle_id: number | null;
  message: string | null;
  status: string;
};

/**
 * The effects of triggers just moved: releases for the completed ones, their history, the audit — each table written
 * once for the whole batch, `notifications` (the caller's own, for the same owners) with the releases' ones.
 */
export async function releaseMoved(
  tx: DbOrTx,
  deps: ReleaseDeps,
  rows: MovedRow[],
  now: Date,
  fired: boolean,
  notifications: NewNotification[] = [],
) {
  const completed = rows.filter((r) => r.status === "completed");
  const audit = rows.map((r) => ({
    at: now,
    actorId: null,
    subjectUserId: r.user_id,
    action: r.status === "completed" ? ("trigger_completed" as const) : ("trigger_fired" as const),
    target: `trigger:${r.id}`,
  }));
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
    { also: { audit, notifications } },
  );
  await recordTriggerEvents(tx, [
    ...(fired ? rows.map((r) => ({ triggerId: r.id, userId: r.user_id, at: now, kind: "fired" as const })) : []),
    ...completed.map((r) => ({ triggerId: r.id, userId: r.user_id, at: now, kind: "completed" as const })),
  ]);
}

/**
 * triggered → completed once a trusted party has confirmed (issue 16 calls this in its confirmation transaction):
 * a conditional update, so a second confirmation or another process completes nothing twice; each trigger moved
 * gets its release and e-mail. Answers the ids this call moved.
 */
export async function completeTriggeredTriggers(
  tx: DbOrTx,
  deps: ReleaseDeps,
  p: { userId: number; ids: number[]; now: Date },
): Promise<number[]> {
  if (p.ids.length === 0) return [];
  const result = await tx.execute<MovedRow>(sql`
    update asset_release_triggers set status = 'completed', completed_at = ${p.now}
    where user_id = ${p.userId} and status = 'triggered' and id = any(${`{${p.ids.join(",")}}`}::int[])
    returning id, user_id, beneficiary_id, asset_id, asset_bundle_id, message, status`);
  await releaseMoved(tx, deps, result.rows, p.now, false);
  return result.rows.map((r) => r.id);
}

/**
 * A death verification about `userId` completed its waiting period (issue 16): their pending `death_certificate`
 * triggers fire — completed with a release at once, or `triggered` when a trusted party must confirm.
 */
export async function fireDeathCertificateTriggers(
  tx: DbOrTx,
  deps: ReleaseDeps,
  p: { userId: number; now: Date },
): Promise<number[]> {
  const result = await tx.execute<MovedRow>(sql`
    update asset_release_triggers
    set status = case when requires_verification then 'triggered' else 'completed' end,
        triggered_at = ${p.now},
        completed_at = case when requires_verification then null else ${p.now}::timestamptz end,
        next_event_at = null, next_event_kind = null
    where user_id = ${p.userId} and status = 'pending' and trigger_type = 'death_certificate'
    returning id, user_id, beneficiary_id, asset_id, asset_bundle_id, message, status`);
  await releaseMoved(tx, deps, result.rows, p.now, true);
  return result.rows.map((r) => r.id);
}
