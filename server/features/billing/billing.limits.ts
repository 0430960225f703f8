import { formatBytes } from "@shared/format";
import { PLANS, storageLimitBytes, type PlanId, type PlanLimits } from "@shared/plans";

/** What a user's rows use now; the usage read and the downgrade check share it. */
export type UsageCounts = {
  storageUsed: number;
  fileCount: number;
  documents: number;
  images: number;
  videos: number;
  ipAssets: number;
  beneficiaries: number;
};

/** Removal order in the message: after storage, the counts a user is most likely to notice first. */
const COUNTED: readonly { limit: keyof PlanLimits; used: (c: UsageCounts) => number; one: string; many: string }[] = [
  { limit: "beneficiaries", used: (c) => c.beneficiaries, one: "beneficiary", many: "beneficiaries" },
  { limit: "files", used: (c) => c.fileCount, one: "file", many: "files" },
  { limit: "documents", used: (c) => c.documents, one: "document", many: "documents" },
  { limit: "images", used: (c) => c.images, one: "image", many: "images" },
  { limit: "videos", used: (c) => c.videos, one: "video", many: "videos" },
  { limit: "ipAssets", used: (c) => c.ipAssets, one: "IP asset", many: "IP assets" },
];

function countPhrase(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function joinAnd(parts: string[]): string {
  return parts.length <= 1 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/**
 * Why the user's current data does not fit `planId` (with their purchased storage), as one message saying what to
 * remove; null when it fits. Example: "Your files use 14.2 MB but Freemium allows 10.0 MB. Remove 4.2 MB of files,
 * 2 beneficiaries and 3 files before switching."
 */
export function downgradeRefusal(counts: UsageCounts, planId: PlanId, additionalStorageGB: number): string | null {
  const plan = PLANS[planId];
  const allowedBytes = storageLimitBytes(planId, additionalStorageGB);
  const removals: string[] = [];
  let opening = `Your data does not fit the ${plan.name} plan.`;

  if (counts.storageUsed > allowedBytes) {
    opening = `Your files use ${formatBytes(counts.storageUsed)} but ${plan.name} allows ${formatBytes(allowedBytes)}.`;
    removals.push(`${formatBytes(counts.storageUsed - allowedBytes)} of files`);
  }
  for (const rule of COUNTED) {
    const limit = plan.limits[rule.limit];
    const used = rule.used(counts);
    if (limit !== null && used > limit) removals.push(countPhrase(used - limit, rule.one, rule.many));
  }
  if (removals.length === 0) return null;
  return `${opening} Remove ${joinAnd(removals)} before switching.`;
}
