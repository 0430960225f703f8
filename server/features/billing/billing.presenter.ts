import type { PublicUser } from "@shared/api-types";
import { MB, PLANS, normalizePlanId, storageLimitBytes } from "@shared/plans";
import type { User } from "@shared/schema";
import type { BillingChangeResult, BillingHistoryItem, UsageDto } from "@shared/validators/billing";
import { presentUser } from "../auth/user.presenter";
import { presentMomoPayment } from "../mobile-money/momo.presenter";
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

const pesewas = (v: unknown) => (Number(v ?? 0) / 100).toFixed(2);

/** What a purchase paid in cedis was paid with (decision 017); null for a USD card purchase. */
function paidInCedis(row: Bundle): BillingHistoryItem["paid"] {
  const meta = (row.metadata ?? {}) as Record<string, unknown>;
  if (meta.currency !== "GHS") return null;
  return {
    currency: "GHS",
    amount: pesewas(meta.amountMinor),
    credit: pesewas(meta.creditMinor),
    mobileMoney: pesewas(meta.provider === "momo" ? meta.momoMinor : 0),
  };
}

export function presentBillingItem(row: Bundle): BillingHistoryItem {
  return {
    paid: paidInCedis(row),
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
  if ("payment" in outcome) return { payment: presentMomoPayment(outcome.payment) };
  if ("checkoutUrl" in outcome) return { checkoutUrl: outcome.checkoutUrl };
  if (outcome.applied) return { applied: true, user: presentUser(outcome.user) };
  return { applied: false, user: presentUser(outcome.user), message: outcome.message };
}
