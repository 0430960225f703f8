import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { unnest } from "../../db/unnest";
import { ITEM_TABLES } from "../../lib/asset-item-tables";

export type ReleaseItemSource = {
  releaseId: number;
  userId: number;
  beneficiaryId: number;
  assetId: number | null;
  assetBundleId: number | null;
  /** Only these kinds of assigned asset; null: every kind. */
  kinds?: string[] | null;
};

/**
 * Fixes what each release holds, in ONE `INSERT … SELECT` for the whole batch (the sources as one array parameter
 * per column): the named file (if it still exists), else the bundle's items, else every asset of every kind assigned
 * to the beneficiary at this moment (with `kinds`, of those kinds only: an estate distribution's step).
 */
export async function insertReleaseItems(tx: DbOrTx, sources: ReleaseItemSource[]): Promise<void> {
  if (sources.length === 0) return;
  const r = unnest([
    [sources.map((s) => s.releaseId), "int"],
    [sources.map((s) => s.userId), "int"],
    [sources.map((s) => s.beneficiaryId), "int"],
    [sources.map((s) => s.assetId), "int"],
    [sources.map((s) => s.assetBundleId), "int"],
    [sources.map((s) => (s.kinds ? s.kinds.join(",") : null)), "varchar"],
  ]);
  const assigned = sql.join(
    Object.entries(ITEM_TABLES).map(([kind, t]) => {
      const committed = t.committedOnly ? sql` and a.status = 'committed'` : sql``;
      return sql`select r.release_id, r.user_id, ${kind}::varchar as kind, a.id as item_id
        from r join ${sql.identifier(t.table)} a on a.user_id = r.user_id and a.assigned_to_beneficiary = r.beneficiary_id${committed}
        where r.asset_id is null and r.bundle_id is null
          and (r.kinds is null or ${kind}::varchar = any(string_to_array(r.kinds, ',')))`;
    }),
    sql` union all `,
  );
  await tx.execute(sql`
    with r(release_id, user_id, beneficiary_id, asset_id, bundle_id, kinds) as (select * from ${r})
    insert into release_items (release_id, user_id, kind, item_id)
    select release_id, user_id, kind, item_id from (
      select r.release_id, r.user_id, 'file'::varchar as kind, a.id as item_id
        from r join digital_assets a on a.id = r.asset_id and a.user_id = r.user_id and a.status = 'committed'
      union all
      select r.release_id, r.user_id, i.kind, i.item_id
        from r join asset_bundle_items i on i.bundle_id = r.bundle_id and i.user_id = r.user_id
        where r.asset_id is null
      union all
      ${assigned}
    ) items
    on conflict do nothing`);
}
