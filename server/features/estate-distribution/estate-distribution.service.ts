import type { EstateDistributionRow } from "@shared/schema";
import type { EstateDistributionFields, UpdateEstateDistributionInput } from "@shared/validators/estate-distribution";
import { DEFAULT_ESTATE_DISTRIBUTION } from "@shared/validators/estate-distribution";
import { conflict } from "../../lib/app-error";
import { runInTransaction, type DbOrTx } from "../../db";
import type { AppDeps } from "../../deps";
import { lockUser } from "../../lib/plan-limits";
import { getDashboardCounts } from "../dashboard/dashboard.service";
import { planDistribution, type AssetCounts, type DistributionSchedule } from "./distribution-plan";
import { fieldsOf } from "./estate-distribution.presenter";
import * as q from "./estate-distribution.queries";

export type EstateDistributionDeps = Pick<AppDeps, "database" | "clock">;

/** The owner's saved settings, or undefined while the spec's defaults stand. */
export async function getEstateDistribution(
  deps: Pick<EstateDistributionDeps, "database">,
  options: { userId: number },
): Promise<EstateDistributionRow | undefined> {
  return q.findSettings(deps.database.db, options.userId);
}

/** The fields in force for an owner: their saved ones or the defaults (the backup export reads this too). */
export async function getEstateDistributionFields(db: DbOrTx, userId: number): Promise<EstateDistributionFields> {
  const row = await q.findSettings(db, userId);
  return row ? fieldsOf(row) : DEFAULT_ESTATE_DISTRIBUTION;
}

export const DISTRIBUTION_STARTED_MESSAGE = "Your estate distribution has started: its settings can no longer change.";

/**
 * Saves the owner's settings: the fields in the body over the ones in force. Under the owner's row lock, so two
 * partial saves at once cannot lose each other's fields.
 */
export async function saveEstateDistribution(
  deps: EstateDistributionDeps,
  options: { userId: number; input: UpdateEstateDistributionInput },
): Promise<EstateDistributionRow> {
  const now = deps.clock.now();
  return runInTransaction(deps.database.db, async (tx) => {
    await lockUser(tx, options.userId);
    const saved = await q.findSettings(tx, options.userId);
    // once the distribution has started, each step reads these settings: they are the record of what was decided
    if (saved && saved.status !== "pending") throw conflict(DISTRIBUTION_STARTED_MESSAGE);
    const current = saved ? fieldsOf(saved) : DEFAULT_ESTATE_DISTRIBUTION;
    return q.upsertSettings(tx, options.userId, { ...current, ...options.input, updatedAt: now });
  });
}

/** The owner's saved fields, or null while the defaults stand (what a backup carries). */
export async function findSavedEstateDistribution(
  db: DbOrTx,
  userId: number,
): Promise<EstateDistributionFields | null> {
  const row = await q.findSettings(db, userId);
  return row ? fieldsOf(row) : null;
}

/** A restore's settings replace the ones in force, inside the restore's own transaction (the caller holds the lock). */
export async function restoreEstateDistribution(
  tx: DbOrTx,
  options: { userId: number; fields: EstateDistributionFields; now: Date },
): Promise<void> {
  await q.upsertSettings(tx, options.userId, { ...options.fields, updatedAt: options.now });
}

/**
 * The owner's distribution timeline with their real assets, as if the death were verified now: which kinds go at
 * once, after the waiting period, or after a legal review, and how many assets each holds.
 */
export async function previewEstateDistribution(
  deps: EstateDistributionDeps,
  options: { userId: number },
): Promise<DistributionSchedule> {
  const settings = await getEstateDistributionFields(deps.database.db, options.userId);
  const c = await getDashboardCounts(deps, { userId: options.userId });
  const assets: AssetCounts = {
    digital_files: c.files,
    online_accounts: c.onlineAccounts,
    intellectual_property: c.intellectualProperty,
    financial_assets: c.financialAssets,
    physical_assets: c.physicalAssets,
    digital_content: c.digitalContent,
    personal_documents: c.personalDocuments,
  };
  return planDistribution({ settings, assets, deathVerifiedAt: deps.clock.now() });
}
