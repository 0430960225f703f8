import type { AppDeps } from "../../deps";
import { notFound } from "../../lib/app-error";
import { dashboardCounts, type DashboardCounts } from "./dashboard.queries";

/** The dashboard's counts: the owner's row and the trigger-kept owner_counts, in one prepared query. */
export type GetDashboardCountsOptions = { userId: number };

export async function getDashboardCounts(
  deps: Pick<AppDeps, "database">,
  options: GetDashboardCountsOptions,
): Promise<DashboardCounts> {
  const counts = await dashboardCounts(deps.database.db, options.userId);
  if (!counts) throw notFound();
  return counts;
}
