import type { PublicUser } from "@shared/api-types";
import { MB, PLANS, normalizePlanId, storageLimitBytes } from "@shared/plans";
import type { User } from "@shared/schema";
import type { BillingChangeResult, BillingHistoryItem, UsageDto } from "@shared/validators/billing";
import { presentUser } from "../auth/user.presenter";
import type { UsageCounts } from "./billing.limits";
import type { Bundle } from "./billing.queries";
import type { ChangeOutcome } from "./billing.service";

/** GET /api/usage: limits from the plan catalogue, usage from the counted rows. */
export function presentUsage(user: User, counts: UsageCounts, testMode: boolean): UsageDto {
  const plan = normalizePlanId(user.plan);
  const limits = PLANS[plan].limits;
  return {
    plan,
    baseStorageLimitMB: limits.baseStorageMB,
    additionalStorageGB: user.additionalStorageGb,
    storageUsedMB: Math.round((counts.storageUsed / MB) * 100) / 100,
    storageUsed: counts.storageUsed,
    storageLimit: storageLimitBytes(plan, user.additionalStorageGb),
    fileCount: counts.fileCount,
    fileLimit: limits.files,
    documentsUsed: counts.documents,
    documentsLimit: limits.documents,
    imagesUsed: counts.images,
    imagesLimit: limits.images,
    videosUsed: counts.videos,
    videosLimit: limits.videos,
    ipAssetsUsed: counts.ipAssets,
    ipAssetsLimit: limits.ipAssets,
    beneficiariesUsed: counts.beneficiaries,
    beneficiariesLimit: limits.beneficiaries,
    paymentStatus: user.paymentStatus === "past_due" ? "past_due" : "ok",
    planRenewsAt: user.planRenewsAt ? user.planRenewsAt.toISOString() : null,
    cancelAtPeriodEnd: user.cancelAtPeriodEnd,
    testMode,
  };
}

export function presentBillingItem(row: Bundle): BillingHistoryItem {
  return {
    id: row.id,
    name: row.name,
    category: row.category === "plan" ? "plan" : "storage",
    quantity: row.quantity,
    price: row.price,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentChange(outcome: ChangeOutcome): BillingChangeResult<PublicUser> {
  if ("checkoutUrl" in outcome) return { checkoutUrl: outcome.checkoutUrl };
  if (outcome.applied) return { applied: true, user: presentUser(outcome.user) };
  return { applied: false, user: presentUser(outcome.user), message: outcome.message };
}
