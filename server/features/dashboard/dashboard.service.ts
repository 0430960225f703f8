import type { Db } from "../../db";
import { notFound } from "../../lib/app-error";
import { dashboardCounts, type DashboardCounts } from "./dashboard.queries";

/** The dashboard's counts: the owner's row and the trigger-kept owner_counts, in one prepared query. */
export async function getDashboardCounts(db: Db, params: { userId: number }): Promise<DashboardCounts> {
  const counts = await dashboardCounts(db, params.userId);
  if (!counts) throw notFound();
  return counts;
}
