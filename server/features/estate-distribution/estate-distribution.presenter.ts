import type { DistributionPreviewDto, EstateDistributionDto } from "@shared/api-types";
import type { EstateDistributionRow } from "@shared/schema";
import {
  DISTRIBUTION_STATUSES,
  DEFAULT_ESTATE_DISTRIBUTION,
  type DistributionStatus,
  type EstateDistributionFields,
} from "@shared/validators/estate-distribution";
import type { DistributionSchedule } from "./distribution-plan";

const statusOf = (value: string): DistributionStatus =>
  (DISTRIBUTION_STATUSES as readonly string[]).includes(value) ? (value as DistributionStatus) : "pending";

/** The owner's fields of a saved row (an explicit list: a column added for the server's own use stays here). */
export function fieldsOf(row: EstateDistributionRow): EstateDistributionFields {
  return {
    triggerType: row.triggerType as EstateDistributionFields["triggerType"],
    immediateDistribution: row.immediateDistribution,
    waitingPeriodDays: row.waitingPeriodDays,
    requiresLegalReview: row.requiresLegalReview,
    includeDigitalFiles: row.includeDigitalFiles,
    includeOnlineAccounts: row.includeOnlineAccounts,
    includeFinancialAssets: row.includeFinancialAssets,
    includeIntellectualProperty: row.includeIntellectualProperty,
    categoryTimings: { ...DEFAULT_ESTATE_DISTRIBUTION.categoryTimings, ...row.categoryTimings },
  };
}

/** The contract's settings: the saved row, or the spec's defaults (`savedAt: null`) when there is none. */
export function presentEstateDistribution(row: EstateDistributionRow | undefined): EstateDistributionDto {
  if (!row) {
    return { ...DEFAULT_ESTATE_DISTRIBUTION, status: "pending", executionDate: null, completedAt: null, savedAt: null };
  }
  return {
    ...fieldsOf(row),
    status: statusOf(row.status),
    executionDate: row.executionDate?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    savedAt: row.updatedAt.toISOString(),
  };
}

/** The timeline relative to the verification: no instants, since no death has been verified. */
export function presentPreview(schedule: DistributionSchedule): DistributionPreviewDto {
  return {
    stages: schedule.stages.map((s) => ({ timing: s.timing, kinds: s.kinds, afterDays: s.afterDays })),
    excluded: schedule.excluded,
  };
}
