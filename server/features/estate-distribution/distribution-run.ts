import { sql } from "drizzle-orm";
import type { AssetKind } from "@shared/asset-types";
import { estateDistributionSettings as eds, type EstateDistributionRow } from "@shared/schema";
import type { ItemKind } from "@shared/release-kinds";
import { DEFAULT_ESTATE_DISTRIBUTION } from "@shared/validators/estate-distribution";
import type { DbOrTx } from "../../db";
import { ITEM_TABLES } from "../../lib/asset-item-tables";
import { createReleases, type ReleaseDeps } from "../triggers/create-releases";
import { auditInTx, type TriggerAuditEntry } from "../triggers/trigger-audit";
import { dueKinds, planDistribution, type DistributionSchedule } from "./distribution-plan";
import { fieldsOf } from "./estate-distribution.presenter";
import * as q from "./estate-distribution.queries";

/** The release item kind behind each asset kind of the settings. */
export const ITEM_KIND_OF: Record<AssetKind, ItemKind> = {
  digital_files: "file",
  intellectual_property: "intellectual_property",
  financial_assets: "financial_asset",
  physical_assets: "physical_asset",
  digital_content: "digital_content",
  personal_documents: "personal_document",
  online_accounts: "online_account",
};

/** The schedule of an active distribution (kinds only: what each holds is fixed when its release is created). */
export function scheduleOf(row: EstateDistributionRow): DistributionSchedule {
  return planDistribution({
    settings: fieldsOf(row),
    assets: {},
    deathVerifiedAt: row.executionDate!,
    legalReviewDoneAt: row.legalReviewDoneAt,
  });
}

/** Every kind the distribution takes part in; once all are released, it is completed. */
export const plannedKinds = (s: DistributionSchedule) => s.stages.flatMap((st) => st.kinds.map((k) => k.kind));

/** The earliest instant a step not yet released is due; null while only a legal review is left (or nothing). */
function nextDue(s: DistributionSchedule, released: AssetKind[]): Date | null {
  const open = s.stages.filter((st) => st.releaseAt && st.kinds.some((k) => !released.includes(k.kind)));
  const times = open.map((st) => st.releaseAt!.getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}

/** The owner's beneficiaries who hold at least one asset of `kinds` (only those get a release). */
async function beneficiariesHolding(tx: DbOrTx, userId: number, kinds: ItemKind[]): Promise<number[]> {
  const parts = kinds.map((kind) => {
    const t = ITEM_TABLES[kind];
    const committed = t.committedOnly ? sql` and status = 'committed'` : sql``;
    return sql`select assigned_to_beneficiary as id from ${sql.identifier(t.table)}
      where user_id = ${userId} and assigned_to_beneficiary is not null${committed}`;
  });
  const r = await tx.execute<{ id: number }>(sql`select distinct id from (${sql.join(parts, sql` union all `)}) b
    order by id`);
  return r.rows.map((row) => Number(row.id));
}

/**
 * Releases the steps of `row` due at `now` that are not released yet: first ONE conditional update moves
 * `released_kinds` from the list read to the new one (and to `completed` when nothing is left), so a racing tick or
 * process that read the same list moves nothing and releases nothing; then one release per beneficiary holding
 * assets of those kinds, through the trigger engine's createReleases (same mail, outbox, notification and audit).
 */
export async function releaseDueSteps(tx: DbOrTx, deps: ReleaseDeps, row: EstateDistributionRow, now: Date) {
  if (row.status !== "active" || !row.executionDate) return [];
  const schedule = scheduleOf(row);
  const released = row.releasedKinds;
  const due = dueKinds(schedule, now).filter((k) => !released.includes(k));
  const after = [...released, ...due];
  const done = plannedKinds(schedule).every((k) => after.includes(k));
  const moved = await tx.execute<{ user_id: number }>(sql`
    update estate_distribution_settings
    set released_kinds = ${JSON.stringify(after)}::jsonb,
        status = ${done ? "completed" : "active"}, completed_at = ${done ? now : null}::timestamptz,
        next_release_at = ${done ? null : nextDue(schedule, after)}::timestamptz
    where user_id = ${row.userId} and status = 'active' and released_kinds = ${JSON.stringify(released)}::jsonb
    returning user_id`);
  if (moved.rows.length === 0) return [];
  const kinds = due.map((k) => ITEM_KIND_OF[k]);
  const holders = kinds.length ? await beneficiariesHolding(tx, row.userId, kinds) : [];
  const audit: TriggerAuditEntry[] = [];
  const entry = { at: now, actorId: null, subjectUserId: row.userId, target: `estate_distribution:${row.userId}` };
  if (due.length) audit.push({ ...entry, action: "estate_distribution_released", details: { kinds: due.join(",") } });
  if (done) audit.push({ ...entry, action: "estate_distribution_completed" });
  const sources = holders.map((beneficiaryId) => ({
    id: null,
    userId: row.userId,
    beneficiaryId,
    assetId: null,
    assetBundleId: null,
    message: null,
    kinds,
  }));
  return createReleases(tx, deps, sources, now, { also: { audit } });
}

/**
 * The owner's death was verified and the waiting period ended (carryOutEstate): their distribution becomes `active`
 * with `executionDate` now (the settings in force, the defaults if they never saved), conditional on `pending`, and
 * the immediate steps are released at once. A distribution already active or completed is left as it is.
 */
export async function startDistribution(tx: DbOrTx, deps: ReleaseDeps, p: { userId: number; now: Date }) {
  const saved = await q.findSettings(tx, p.userId);
  const fields = saved ? fieldsOf(saved) : DEFAULT_ESTATE_DISTRIBUTION;
  const [row] = await tx
    .insert(eds)
    .values({ ...fields, userId: p.userId, status: "active", executionDate: p.now, createdAt: p.now, updatedAt: p.now })
    .onConflictDoUpdate({
      target: eds.userId,
      set: { status: "active", executionDate: p.now, completedAt: null, releasedKinds: [], legalReviewDoneAt: null },
      setWhere: sql`${eds.status} = 'pending'`,
    })
    .returning();
  if (!row) return [];
  await auditInTx(tx, [
    {
      at: p.now,
      actorId: null,
      subjectUserId: p.userId,
      action: "estate_distribution_started",
      target: `estate_distribution:${p.userId}`,
    },
  ]);
  return releaseDueSteps(tx, deps, row, p.now);
}
