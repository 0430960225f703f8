import { z } from "zod";
import { TYPED_ASSET_KINDS, type AssetKind } from "../asset-types";

/** Spec 001 §3 "Estate distribution trigger": what starts a distribution. */
export const DISTRIBUTION_TRIGGER_TYPES = [
  "death_verified",
  "court_order",
  "extended_inactivity",
  "family_request",
] as const;
export type DistributionTriggerType = (typeof DISTRIBUTION_TRIGGER_TYPES)[number];

/** Spec 001 §4: the states of an estate distribution; only the server moves them. */
export const DISTRIBUTION_STATUSES = ["pending", "active", "completed", "cancelled"] as const;
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];

/** Spec 001 §2 "Asset categories by timing": released at once, after the waiting period, or after a legal review. */
export const DISTRIBUTION_TIMINGS = ["immediate", "delayed", "legal_review"] as const;
export type DistributionTiming = (typeof DISTRIBUTION_TIMINGS)[number];

/** Every kind of asset the owner holds (uploaded files and the six typed kinds), in the Assets screen's order. */
export const DISTRIBUTION_KINDS = ["digital_files", ...TYPED_ASSET_KINDS] as const satisfies readonly AssetKind[];
export type CategoryTimings = Record<AssetKind, DistributionTiming>;

/** Waiting period bounds, in whole days; the spec's default is 30. */
export const WAITING_PERIOD_MIN_DAYS = 1;
export const WAITING_PERIOD_MAX_DAYS = 365;

export const ESTATE_DISTRIBUTION_MESSAGES = {
  triggerType: "Choose what starts the distribution",
  waitingPeriod: `Waiting period must be a whole number of days from ${WAITING_PERIOD_MIN_DAYS} to ${WAITING_PERIOD_MAX_DAYS}`,
  flag: "Choose yes or no",
  timing: "Choose Immediate, Delayed or Legal review",
  saved: "Distribution settings saved",
  saveFailed: "Failed to save distribution settings",
} as const;

/**
 * Spec 001 §2 defaults: photos, documents and digital content at once; financial accounts and intellectual property
 * after the waiting period; high-value items (physical assets) after a legal review. Online accounts hold
 * credentials, so they wait too.
 */
export const DEFAULT_CATEGORY_TIMINGS: CategoryTimings = {
  digital_files: "immediate",
  online_accounts: "delayed",
  intellectual_property: "delayed",
  financial_assets: "delayed",
  physical_assets: "legal_review",
  digital_content: "immediate",
  personal_documents: "immediate",
};

/** What the owner may set; `status`, `executionDate` and `completedAt` are the server's own. */
export type EstateDistributionFields = {
  triggerType: DistributionTriggerType;
  immediateDistribution: boolean;
  waitingPeriodDays: number;
  requiresLegalReview: boolean;
  includeDigitalFiles: boolean;
  includeOnlineAccounts: boolean;
  includeFinancialAssets: boolean;
  includeIntellectualProperty: boolean;
  categoryTimings: CategoryTimings;
};

/** Spec 001 §3 defaults, answered by GET until the owner saves their own. */
export const DEFAULT_ESTATE_DISTRIBUTION: EstateDistributionFields = {
  triggerType: "death_verified",
  immediateDistribution: false,
  waitingPeriodDays: 30,
  requiresLegalReview: true,
  includeDigitalFiles: true,
  includeOnlineAccounts: false,
  includeFinancialAssets: false,
  includeIntellectualProperty: false,
  categoryTimings: DEFAULT_CATEGORY_TIMINGS,
};

const flag = z.boolean({ error: ESTATE_DISTRIBUTION_MESSAGES.flag });
const timing = z.enum(DISTRIBUTION_TIMINGS, { error: ESTATE_DISTRIBUTION_MESSAGES.timing });

export const categoryTimingsSchema = z.object(
  Object.fromEntries(DISTRIBUTION_KINDS.map((kind) => [kind, timing])) as Record<AssetKind, typeof timing>,
  { error: ESTATE_DISTRIBUTION_MESSAGES.timing },
);

export const estateDistributionSchema = z.object({
  triggerType: z.enum(DISTRIBUTION_TRIGGER_TYPES, { error: ESTATE_DISTRIBUTION_MESSAGES.triggerType }),
  immediateDistribution: flag,
  waitingPeriodDays: z
    .number({ error: ESTATE_DISTRIBUTION_MESSAGES.waitingPeriod })
    .int({ error: ESTATE_DISTRIBUTION_MESSAGES.waitingPeriod })
    .min(WAITING_PERIOD_MIN_DAYS, { error: ESTATE_DISTRIBUTION_MESSAGES.waitingPeriod })
    .max(WAITING_PERIOD_MAX_DAYS, { error: ESTATE_DISTRIBUTION_MESSAGES.waitingPeriod }),
  requiresLegalReview: flag,
  includeDigitalFiles: flag,
  includeOnlineAccounts: flag,
  includeFinancialAssets: flag,
  includeIntellectualProperty: flag,
  categoryTimings: categoryTimingsSchema,
});

/**
 * PUT /api/estate-distribution: any of the owner's fields; those left out keep their saved (or default) value.
 * Unknown keys are dropped, so `status`, `executionDate` and `completedAt` never come from a body (MASS-06).
 */
export const updateEstateDistributionSchema = estateDistributionSchema.partial();
export type UpdateEstateDistributionInput = z.infer<typeof updateEstateDistributionSchema>;

/** The admins' list of distributions (`?status=`, active by default; `?limit=&offset=`, the total in X-Total-Count). */
export const adminEstateDistributionQuerySchema = z.object({
  status: z.enum(DISTRIBUTION_STATUSES).default("active"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type AdminEstateDistributionQuery = z.infer<typeof adminEstateDistributionQuerySchema>;
