import type { AssetKind } from "@shared/asset-types";
import {
  DISTRIBUTION_KINDS,
  type DistributionTiming,
  type EstateDistributionFields,
} from "@shared/validators/estate-distribution";

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many assets of each kind the owner holds; a kind left out counts as none. */
export type AssetCounts = Partial<Record<AssetKind, number>>;

export type ScheduledKind = { kind: AssetKind; count: number };

/** One step of a distribution: the kinds released together, and when. */
export type DistributionStage = {
  timing: DistributionTiming;
  kinds: ScheduledKind[];
  /** Days after the death was verified; null while the step waits for a legal review. */
  afterDays: number | null;
  /** The instant the step is due; null until a legal review has been marked done. */
  releaseAt: Date | null;
};

export type DistributionSchedule = {
  deathVerifiedAt: Date;
  /** Immediate, delayed and legal-review steps, in that order; a step with no kind assigned is left out. */
  stages: DistributionStage[];
  /** Kinds the settings leave out of the distribution (their include flag is off). */
  excluded: ScheduledKind[];
};

export type PlanInput = {
  settings: EstateDistributionFields;
  assets: AssetCounts;
  deathVerifiedAt: Date;
  /** When an admin marked the legal review done; absent while it is still open. */
  legalReviewDoneAt?: Date | null;
};

/**
 * Whether a kind takes part at all. Spec 001 §3 names four include flags: "digital files" covers uploaded files,
 * digital content and personal documents (the spec's "photos, documents, digital content"); physical assets have no
 * flag of their own and always take part (through the legal review by default).
 */
export function isKindIncluded(settings: EstateDistributionFields, kind: AssetKind): boolean {
  switch (kind) {
    case "digital_files":
    case "digital_content":
    case "personal_documents":
      return settings.includeDigitalFiles;
    case "online_accounts":
      return settings.includeOnlineAccounts;
    case "financial_assets":
      return settings.includeFinancialAssets;
    case "intellectual_property":
      return settings.includeIntellectualProperty;
    case "physical_assets":
      return true;
  }
}

/**
 * The timing a kind really gets: without `requiresLegalReview` a legal-review kind waits like a delayed one; with
 * `immediateDistribution` nothing but a legal review holds anything back.
 */
export function effectiveTiming(settings: EstateDistributionFields, kind: AssetKind): DistributionTiming {
  const chosen = settings.categoryTimings[kind];
  const timing = chosen === "legal_review" && !settings.requiresLegalReview ? "delayed" : chosen;
  return timing === "delayed" && settings.immediateDistribution ? "immediate" : timing;
}

function stageTime(p: PlanInput, timing: DistributionTiming): Pick<DistributionStage, "afterDays" | "releaseAt"> {
  const at = (days: number) => new Date(p.deathVerifiedAt.getTime() + days * DAY_MS);
  if (timing === "immediate") return { afterDays: 0, releaseAt: at(0) };
  if (timing === "delayed")
    return { afterDays: p.settings.waitingPeriodDays, releaseAt: at(p.settings.waitingPeriodDays) };
  const done = p.legalReviewDoneAt ?? null;
  if (!done) return { afterDays: null, releaseAt: null };
  // A review finished before the death was verified cannot release anything earlier than the verification.
  const releaseAt = done.getTime() < p.deathVerifiedAt.getTime() ? p.deathVerifiedAt : done;
  return { afterDays: (releaseAt.getTime() - p.deathVerifiedAt.getTime()) / DAY_MS, releaseAt };
}

/**
 * The distribution schedule of an estate (pure: no clock, no database): which kinds of asset are released when,
 * counted from the moment the death was verified. Immediate kinds at once, delayed kinds after `waitingPeriodDays`,
 * legal-review kinds when an admin has marked the review done.
 */
export function planDistribution(p: PlanInput): DistributionSchedule {
  const byTiming = new Map<DistributionTiming, ScheduledKind[]>();
  const excluded: ScheduledKind[] = [];
  for (const kind of DISTRIBUTION_KINDS) {
    const entry = { kind, count: p.assets[kind] ?? 0 };
    if (!isKindIncluded(p.settings, kind)) {
      excluded.push(entry);
      continue;
    }
    const timing = effectiveTiming(p.settings, kind);
    byTiming.set(timing, [...(byTiming.get(timing) ?? []), entry]);
  }
  const stages: DistributionStage[] = [];
  for (const timing of ["immediate", "delayed", "legal_review"] as const) {
    const kinds = byTiming.get(timing);
    if (kinds) stages.push({ timing, kinds, ...stageTime(p, timing) });
  }
  return { deathVerifiedAt: p.deathVerifiedAt, stages, excluded };
}

/** The kinds whose step is due at `now` (its instant reached); a step still waiting for review is never due. */
export function dueKinds(schedule: DistributionSchedule, now: Date): AssetKind[] {
  return schedule.stages
    .filter((stage) => stage.releaseAt !== null && stage.releaseAt.getTime() <= now.getTime())
    .flatMap((stage) => stage.kinds.map((k) => k.kind));
}
