import { ASSET_KINDS, type AssetKind } from "@shared/asset-types";
import type { DistributionTiming, DistributionTriggerType } from "@shared/validators/estate-distribution";

export const TIMING_LABELS: Record<DistributionTiming, string> = {
  immediate: "Immediate",
  delayed: "Delayed",
  legal_review: "Legal review",
};

export const TRIGGER_LABELS: Record<DistributionTriggerType, string> = {
  death_verified: "Death verified",
  court_order: "Court order",
  extended_inactivity: "Extended inactivity",
  family_request: "Family request",
};

export const kindLabel = (kind: AssetKind) => ASSET_KINDS[kind].label;

/** "At once", "After 30 days", "After a legal review". */
export function whenLabel(timing: DistributionTiming, afterDays: number | null): string {
  if (timing === "legal_review" || afterDays === null) return "After a legal review";
  if (afterDays === 0) return "At once";
  return `After ${afterDays} ${afterDays === 1 ? "day" : "days"}`;
}
