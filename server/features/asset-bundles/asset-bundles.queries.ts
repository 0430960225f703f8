import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { assetBundleItems, assetBundles, type AssetBundle } from "@shared/schema";
import type { ItemKind } from "@shared/release-kinds";
import type { DbOrTx } from "../../db";
import { ITEM_TABLES } from "../../lib/asset-item-tables";

type Owned = { userId: number; id: number };
export type BundleItem = { kind: ItemKind; id: number };

const whereOwned = ({ userId, id }: Owned) => and(eq(assetBundles.id, id), eq(assetBundles.userId, userId));

export function listBundles(db: DbOrTx, userId: number): Promise<AssetBundle[]> {
  return db
    .select()
    .from(assetBundles)
    .where(eq(assetBundles.userId, userId))
    .orderBy(desc(assetBundles.createdAt), desc(assetBundles.id));
}

export async function findBundle(db: DbOrTx, p: Owned): Promise<AssetBundle | undefined> {
  const [row] = await db
    .select()
    .from(assetBundles)
    .where(and(whereOwned(p), eq(assetBundles.category, "group")));
  return row;
}

/** The items of some of the owner's bundles, keyed by bundle id. */
export async function itemsOf(db: DbOrTx, userId: number, bundleIds: number[]): Promise<Map<number, BundleItem[]>> {
  const map = new Map<number, BundleItem[]>();
  if (bundleIds.length === 0) return map;
  const rows = await db
    .select()
    .from(assetBundleItems)
    .where(and(eq(assetBundleItems.userId, userId), inArray(assetBundleItems.bundleId, bundleIds)))
    .orderBy(asc(assetBundleItems.kind), asc(assetBundleItems.itemId));
  for (const r of rows) {
    const list = map.get(r.bundleId) ?? [];
    list.push({ kind: r.kind as ItemKind, id: r.itemId });
    map.set(r.bundleId, list);
  }
  return map;
}

/**
 * How many of `items` are the owner's own assets, each kind counted in its own table (share-locked, so none can be
 * deleted between this check and the insert that names it). One statement whatever the number of kinds.
 */
export async function countOwnedItems(tx: DbOrTx, userId: number, items: BundleItem[]): Promise<number> {
  const byKind = new Map<ItemKind, number[]>();
  for (const i of items) byKind.set(i.kind, [...(byKind.get(i.kind) ?? []), i.id]);
  if (byKind.size === 0) return 0;
  const branches = [...byKind].map(([kind, ids]) => {
    const t = ITEM_TABLES[kind];
    const committed = t.committedOnly ? sql` and status = 'committed'` : sql``;
    return sql`(select count(*)::int as n from (select id from ${sql.identifier(t.table)}
      where user_id = ${userId} and id = any(${`{${ids.join(",")}}`}::int[])${committed} for share) s)`;
  });
  const result = await tx.execute<{ n: number }>(sql`select (${sql.join(branches, sql` + `)}) as n`);
  return Number(result.rows[0]?.n ?? 0);
}

export async function insertBundle(tx: DbOrTx, values: typeof assetBundles.$inferInsert): Promise<AssetBundle> {
  const [row] = await tx.insert(assetBundles).values(values).returning();
  return row;
}

export async function updateBundle(
  tx: DbOrTx,
  p: Owned,
  values: Partial<typeof assetBundles.$inferInsert>,
): Promise<AssetBundle | undefined> {
  const [row] = await tx
    .update(assetBundles)
    .set(values)
    .where(and(whereOwned(p), eq(assetBundles.category, "group")))
    .returning();
  return row;
}

export async function replaceItems(tx: DbOrTx, p: Owned, items: BundleItem[]): Promise<void> {
  await tx
    .delete(assetBundleItems)
    .where(and(eq(assetBundleItems.bundleId, p.id), eq(assetBundleItems.userId, p.userId)));
  if (items.length === 0) return;
  await tx
    .insert(assetBundleItems)
    .values(items.map((i) => ({ bundleId: p.id, userId: p.userId, kind: i.kind, itemId: i.id })));
}

export async function deleteBundle(tx: DbOrTx, p: Owned): Promise<boolean> {
  const rows = await tx
    .delete(assetBundles)
    .where(and(whereOwned(p), eq(assetBundles.category, "group")))
    .returning({ id: assetBundles.id });
  return rows.length > 0;
}
