import { eq, sql } from "drizzle-orm";
import { PLANS, normalizePlanId, type PlanLimits } from "@shared/plans";
import { digitalAssets, intellectualProperty, users } from "@shared/schema";
import type { Tx } from "../../db";
import { AppError, paymentRequired } from "../../lib/app-error";

/**
 * Rules shared by uploads and typed assets: plan counts (a beneficiary reference is `beneficiary:reference` in
 * `server/lib/access.ts`). Limits are checked under a lock on the user's row, so two parallel requests of one user
 * queue there and can never both pass a limit.
 */
export type LockedUser = { plan: PlanLimits; storageUsed: number; storageLimit: number };

/** `SELECT … FOR UPDATE` on the user row: every limit check of this user serialises behind it. */
export async function lockUserForLimits(tx: Tx, userId: number): Promise<LockedUser> {
  const [row] = await tx
    .select({ plan: users.plan, storageUsed: users.storageUsed, storageLimit: users.storageLimit })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!row) throw new AppError(401, "Unauthorized");
  return {
    plan: PLANS[normalizePlanId(row.plan)].limits,
    storageUsed: row.storageUsed,
    storageLimit: row.storageLimit,
  };
}

/** Uploaded files per category; pending rows count too, because their space and slot are already reserved. */
export async function countUploadsByCategory(tx: Tx, userId: number): Promise<Map<string, number>> {
  const rows = await tx
    .select({ category: digitalAssets.category, n: sql<number>`count(*)::int` })
    .from(digitalAssets)
    .where(eq(digitalAssets.userId, userId))
    .groupBy(digitalAssets.category);
  return new Map(rows.map((r) => [r.category, r.n]));
}

/** IP assets = intellectual-property records + uploads in category intellectual_property (contract). */
export async function countIpAssets(tx: Tx, userId: number): Promise<number> {
  const [records] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(intellectualProperty)
    .where(eq(intellectualProperty.userId, userId));
  const uploads = await countUploadsByCategory(tx, userId);
  return (records?.n ?? 0) + (uploads.get("intellectual_property") ?? 0);
}

export function limitExceeded(what: string, limit: number): AppError {
  return paymentRequired(`Your plan allows ${limit} ${what}. Upgrade your plan to lift this limit.`);
}

/** Fails with 402 when adding `adding` more IP assets would pass the plan's limit. Call under lockUserForLimits. */
export async function assertIpAssetRoom(tx: Tx, userId: number, plan: PlanLimits, adding: number): Promise<void> {
  if (plan.ipAssets === null) return;
  if ((await countIpAssets(tx, userId)) + adding > plan.ipAssets) {
    throw limitExceeded("intellectual property assets", plan.ipAssets);
  }
}
