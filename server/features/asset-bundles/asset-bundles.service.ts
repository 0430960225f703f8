import type { AssetBundle } from "@shared/schema";
import type { CreateBundleInput, UpdateBundleInput } from "@shared/validators/triggers";
import { runInTransaction, type Db, type Tx } from "../../db";
import { AppError, notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import * as q from "./asset-bundles.queries";

export type BundleWithItems = { bundle: AssetBundle; items: q.BundleItem[] };
type BundleDeps = { clock: Clock };

export const FOREIGN_ITEM_MESSAGE = "Choose items from your own assets";

function unique(items: q.BundleItem[]): q.BundleItem[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const key = `${i.kind}:${i.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every item must be one of the owner's assets (as a foreign beneficiary is refused: 400 on the field). */
async function assertOwnItems(tx: Tx, userId: number, items: q.BundleItem[]) {
  if (items.length === 0) return;
  if ((await q.countOwnedItems(tx, userId, items)) !== items.length) {
    throw new AppError(400, FOREIGN_ITEM_MESSAGE, [{ path: "items", message: FOREIGN_ITEM_MESSAGE }]);
  }
}

/** The owner's bundles, newest first, each with its items. */
export async function listBundles(db: Db, p: { userId: number }): Promise<BundleWithItems[]> {
  const bundles = await q.listBundles(db, p.userId);
  const items = await q.itemsOf(
    db,
    p.userId,
    bundles.map((b) => b.id),
  );
  return bundles.map((bundle) => ({ bundle, items: items.get(bundle.id) ?? [] }));
}

/** Creates a named group of the owner's assets of any kinds. */
export async function createBundle(
  db: Db,
  deps: BundleDeps,
  p: { userId: number; input: CreateBundleInput },
): Promise<BundleWithItems> {
  const items = unique(p.input.items);
  const now = deps.clock.now();
  return runInTransaction(db, async (tx) => {
    await assertOwnItems(tx, p.userId, items);
    const bundle = await q.insertBundle(tx, {
      userId: p.userId,
      name: p.input.name,
      description: p.input.description ?? null,
      category: "group",
      status: "active",
      createdAt: now,
      updatedAt: now,
    });
    await q.replaceItems(tx, { userId: p.userId, id: bundle.id }, items);
    return { bundle, items };
  });
}

/** Renames, re-describes or re-fills one of the owner's bundles; only the fields sent change. */
export async function updateBundle(
  db: Db,
  deps: BundleDeps,
  p: { userId: number; id: number; input: UpdateBundleInput },
): Promise<BundleWithItems> {
  const owned = { userId: p.userId, id: p.id };
  const items = p.input.items ? unique(p.input.items) : undefined;
  return runInTransaction(db, async (tx) => {
    const bundle = await q.updateBundle(tx, owned, {
      name: p.input.name,
      ...("description" in p.input ? { description: p.input.description ?? null } : {}),
      updatedAt: deps.clock.now(),
    });
    if (!bundle) throw notFound();
    if (items) {
      await assertOwnItems(tx, p.userId, items);
      await q.replaceItems(tx, owned, items);
    }
    const current = items ?? (await q.itemsOf(tx, p.userId, [p.id])).get(p.id) ?? [];
    return { bundle, items: current };
  });
}

/** Deletes one of the owner's bundles; a trigger naming it falls back to what is assigned to its beneficiary. */
export async function deleteBundle(db: Db, p: { userId: number; id: number }): Promise<void> {
  await runInTransaction(db, async (tx) => {
    if (!(await q.deleteBundle(tx, p))) throw notFound();
  });
}
