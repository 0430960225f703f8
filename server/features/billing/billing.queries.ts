import { and, desc, eq, sql } from "drizzle-orm";
import { normalizePlanId, storageLimitBytes } from "@shared/plans";
import {
  assetBundles,
  beneficiaries,
  digitalAssets,
  intellectualProperty,
  stripeEvents,
  users,
  type User,
} from "@shared/schema";
import type { DbOrTx, Tx } from "../../db";
import type { UsageCounts } from "./billing.limits";

export type Bundle = typeof assetBundles.$inferSelect;
export type BundleStatus = "pending" | "paid" | "canceled" | "expired";

/**
 * The user's counts from the real rows, in one statement: uploaded files (count, encrypted bytes, per category),
 * intellectual-property records plus IP uploads (contract), and beneficiaries. Nothing cached that could diverge.
 */
export async function readUsageCounts(db: DbOrTx, userId: number): Promise<UsageCounts> {
  const result = await db.execute<Record<string, string | number>>(sql`
    select
      f.file_count, f.bytes, f.documents, f.images, f.videos,
      f.ip_files + (select count(*) from ${intellectualProperty} ip where ip.user_id = ${userId}) as ip_assets,
      (select count(*) from ${beneficiaries} b where b.user_id = ${userId}) as beneficiaries
    from (
      select
        count(*) as file_count,
        coalesce(sum(d.stored_size), 0) as bytes,
        count(*) filter (where d.category = 'documents') as documents,
        count(*) filter (where d.category = 'images') as images,
        count(*) filter (where d.category = 'videos') as videos,
        count(*) filter (where d.category = 'intellectual_property') as ip_files
      from ${digitalAssets} d
      where d.user_id = ${userId}
    ) f`);
  const row = result.rows[0] ?? {};
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    storageUsed: n("bytes"),
    fileCount: n("file_count"),
    documents: n("documents"),
    images: n("images"),
    videos: n("videos"),
    ipAssets: n("ip_assets"),
    beneficiaries: n("beneficiaries"),
  };
}

export type PlanState = Partial<
  Pick<
    User,
    "plan" | "additionalStorageGb" | "planRenewsAt" | "cancelAtPeriodEnd" | "paymentStatus" | "stripeSubscriptionId"
  >
>;

/**
 * The one writer of plan and extra storage: storage_limit is always rewritten from the formula with them, because
 * the upload quota reads users.storage_limit.
 */
export async function writePlanState(tx: Tx, current: User, changes: PlanState, now: Date): Promise<User> {
  const plan = normalizePlanId(changes.plan ?? current.plan);
  const additional = changes.additionalStorageGb ?? current.additionalStorageGb;
  const [row] = await tx
    .update(users)
    .set({ ...changes, storageLimit: storageLimitBytes(plan, additional), updatedAt: now })
    .where(eq(users.id, current.id))
    .returning();
  return row;
}

export async function setPaymentStatus(tx: Tx, userId: number, status: "ok" | "past_due"): Promise<void> {
  await tx.update(users).set({ paymentStatus: status }).where(eq(users.id, userId));
}

/** Keeps the first customer id if two requests raced to create one; answers the id that is stored. */
export async function saveStripeCustomerId(db: DbOrTx, userId: number, customerId: string): Promise<string> {
  await db
    .update(users)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(users.id, userId), sql`${users.stripeCustomerId} is null`));
  const [row] = await db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  return row?.id ?? customerId;
}

export async function findUserByStripeCustomer(db: DbOrTx, customerId: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.stripeCustomerId, customerId)).limit(1);
  return row;
}

export async function insertBundle(db: DbOrTx, values: Omit<typeof assetBundles.$inferInsert, "id">): Promise<Bundle> {
  const [row] = await db.insert(assetBundles).values(values).returning();
  return row;
}

export async function findBundle(db: DbOrTx, userId: number, bundleId: number): Promise<Bundle | undefined> {
  const [row] = await db
    .select()
    .from(assetBundles)
    .where(and(eq(assetBundles.id, bundleId), eq(assetBundles.userId, userId)))
    .limit(1);
  return row;
}

export async function mergeBundleMetadata(db: DbOrTx, userId: number, bundleId: number, patch: object) {
  await db
    .update(assetBundles)
    .set({ metadata: sql`coalesce(${assetBundles.metadata}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb` })
    .where(and(eq(assetBundles.id, bundleId), eq(assetBundles.userId, userId)));
}

/**
 * Moves a bundle from one status to another only if it is still in `from`: the single statement that makes a
 * credit happen once, whichever of two concurrent events gets there first.
 */
export async function transitionBundle(
  tx: DbOrTx,
  p: { userId: number; bundleId: number; from: BundleStatus; to: BundleStatus; metadata?: object },
): Promise<boolean> {
  const rows = await tx
    .update(assetBundles)
    .set({
      status: p.to,
      ...(p.metadata
        ? { metadata: sql`coalesce(${assetBundles.metadata}, '{}'::jsonb) || ${JSON.stringify(p.metadata)}::jsonb` }
        : {}),
    })
    .where(and(eq(assetBundles.id, p.bundleId), eq(assetBundles.userId, p.userId), eq(assetBundles.status, p.from)))
    .returning({ id: assetBundles.id });
  return rows.length > 0;
}

/** The plan bundle a subscription paid for, so an older subscription never overrides a newer one. */
export async function planBundleIdForSubscription(tx: Tx, userId: number, subscriptionId: string) {
  const [row] = await tx
    .select({ id: assetBundles.id })
    .from(assetBundles)
    .where(
      and(
        eq(assetBundles.userId, userId),
        eq(assetBundles.category, "plan"),
        sql`${assetBundles.metadata}->>'subscriptionId' = ${subscriptionId}`,
      ),
    )
    .limit(1);
  return row?.id;
}

export async function listBundles(db: DbOrTx, userId: number, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(assetBundles)
      .where(eq(assetBundles.userId, userId))
      .orderBy(desc(assetBundles.createdAt), desc(assetBundles.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(assetBundles)
      .where(eq(assetBundles.userId, userId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Records a Stripe event id; false when it was already there (a replay or a concurrent duplicate). */
export async function recordStripeEvent(tx: Tx, id: string, type: string): Promise<boolean> {
  const rows = await tx
    .insert(stripeEvents)
    .values({ id, type })
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}
