import type { DashboardStats } from "@shared/api-types";
import { PLANS, normalizePlanId } from "@shared/plans";
import type { DashboardCounts } from "./dashboard.queries";

/**
 * totalAssets = committed uploads + every typed asset of all six types; ipAssets = IP records + uploads in category
 * intellectual_property (contract). Limits come from the plan (null = unlimited); storage from the user's row.
 */
export function presentDashboardStats(c: DashboardCounts): DashboardStats {
  const limits = PLANS[normalizePlanId(c.plan)].limits;
  const typed =
    c.intellectualProperty +
    c.financialAssets +
    c.physicalAssets +
    c.digitalContent +
    c.personalDocuments +
    c.onlineAccounts;
  return {
    totalAssets: c.files + typed,
    beneficiaries: c.beneficiaries,
    trustedParties: c.trustedParties,
    storageUsed: c.storageUsed,
    storageLimit: c.storageLimit,
    usage: {
      documents: { used: c.documents, limit: limits.documents },
      images: { used: c.images, limit: limits.images },
      videos: { used: c.videos, limit: limits.videos },
      ipAssets: { used: c.intellectualProperty + c.ipUploads, limit: limits.ipAssets },
      files: { used: c.files, limit: limits.files },
    },
  };
}
