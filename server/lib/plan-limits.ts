import { and, eq, sql } from "drizzle-orm";
import { PLANS, normalizePlanId, type PlanLimits } from "@shared/plans";
import { digitalAssets, intellectualProperty, users, type User } from "@shared/schema";
import type { DbOrTx, Tx } from "../db";
import { AppError, paymentRequired } from "./app-error";

/**
 * Plan limits and the user-row lock they run under. Every check of a user's limits (uploads, typed assets,
 * beneficiaries, restores, plan changes, will saves) first takes `SELECT … FOR UPDATE` on the user's row, so two
 * parallel requests of one user queue there and can never both pass a limit.
 */

/** Locks the user's row for the rest of the transaction and returns it (undefined when the user is gone). */
export async function lockUser(tx: DbOrTx, userId: number): Promise<User | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for("update").limit(1);
  return row;
}

export type LockedUser = { plan: PlanLimits; storageUsed: number; storageLimit: number };

/** lockUser for a limit check: the plan's limits and the storage quota; a vanished user is no longer signed in. */
export async function lockUserLimits(tx: Tx, userId: number): Promise<LockedUser> {
  const row = await lockUser(tx, userId);
  if (!row) throw new AppError(401, "Unauthorized");
  return {
    plan: PLANS[normalizePlanId(row.plan)].limits,
    storageUsed: row.storageUsed,
    storageLimit: row.storageLimit,
  };
}

export type PlanCheck = {
  /** The plan's limit; null is unlimited. */
  limit: number | null;
  /** How many the account holds now. */
  current: number;
  /** How many the request would add. */
  adding: number;
  /** The counted thing as the message names it ("files", "videos", "beneficiaries"…). */
  what: string;
  /**
   * The plan's display name: the beneficiary form's message names the plan and invites to "add more"
   * (spec 001's wording, asserted by its tests); every other limit uses the contract's "lift this limit".
   */
  planName?: string;
};

/** 402 naming the limit and that upgrading lifts it (contract: a plan limit would be exceeded). */
export function planLimitError(check: Pick<PlanCheck, "limit" | "what" | "planName">): AppError {
  if (check.planName !== undefined) {
    return paymentRequired(
      `Your ${check.planName} plan allows ${check.limit} ${check.what}. Upgrade your plan to add more.`,
    );
  }
  return paymentRequired(`Your plan allows ${check.limit} ${check.what}. Upgrade your plan to lift this limit.`);
}

/** Fails with 402 when adding `adding` to `current` would pass `limit`. Call under lockUser. */
export function assertWithinPlan(check: PlanCheck): void {
  if (check.limit !== null && check.current + check.adding > check.limit) throw planLimitError(check);
}

/** Uploaded files per category; pending rows count too, because their space and slot are already reserved. */
export async function countUploadsByCategory(tx: DbOrTx, userId: number): Promise<Map<string, number>> {
  const rows = await tx
    .select({ category: digitalAssets.category, n: sql<number>`count(*)::int` })
    .from(digitalAssets)
    .where(eq(digitalAssets.userId, userId))
    .groupBy(digitalAssets.category);
  return new Map(rows.map((r) => [r.category, r.n]));
}

/** IP assets = intellectual-property records + uploads in category intellectual_property (contract). */
export async function countIpAssets(tx: DbOrTx, userId: number): Promise<number> {
  const [records] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(intellectualProperty)
    .where(eq(intellectualProperty.userId, userId));
  const uploads = await countUploadsByCategory(tx, userId);
  return (records?.n ?? 0) + (uploads.get("intellectual_property") ?? 0);
}

export type CountedCategory = "documents" | "images" | "videos";

/** Fails with 402 when `adding` more IP assets (records + IP uploads) would pass the plan's limit. */
export async function assertIpAssetsWithinPlan(tx: DbOrTx, userId: number, plan: PlanLimits, adding: number) {
  if (plan.ipAssets === null) return;
  const current = await countIpAssets(tx, userId);
  assertWithinPlan({ limit: plan.ipAssets, current, adding, what: "intellectual property assets" });
}

/**
 * The file limits, in the order the messages are checked: total files, each category named in `byCategory`
 * (an account already over a category's limit after a downgrade fails only where that category is checked), then
 * IP assets when `ipAssets` is given.
 */
export async function assertFilesWithinPlan(
  tx: DbOrTx,
  params: {
    userId: number;
    plan: PlanLimits;
    files: number;
    byCategory: Partial<Record<CountedCategory, number>>;
    ipAssets?: number;
  },
): Promise<void> {
  const { userId, plan } = params;
  const counts = await countUploadsByCategory(tx, userId);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  assertWithinPlan({ limit: plan.files, current: total, adding: params.files, what: "files" });
  for (const [category, adding] of Object.entries(params.byCategory) as [CountedCategory, number][]) {
    assertWithinPlan({ limit: plan[category], current: counts.get(category) ?? 0, adding, what: category });
  }
  if (params.ipAssets !== undefined) await assertIpAssetsWithinPlan(tx, userId, plan, params.ipAssets);
}

/**
 * The conditional reservation: adds `bytes` only while the total stays within the limit (one statement, so it
 * holds even without the row lock). Answers false when the quota would be passed.
 */
export async function reserveStorage(tx: Tx, userId: number, bytes: number): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ storageUsed: sql`${users.storageUsed} + ${bytes}` })
    .where(and(eq(users.id, userId), sql`${users.storageUsed} + ${bytes} <= ${users.storageLimit}`))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Gives space back, never below zero (a drifted counter must not go negative and grant extra space). */
export async function releaseStorage(tx: Tx, userId: number, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  await tx
    .update(users)
    .set({ storageUsed: sql`greatest(${users.storageUsed} - ${bytes}, 0)` })
    .where(eq(users.id, userId));
}
