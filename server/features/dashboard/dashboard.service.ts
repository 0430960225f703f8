import type { Db } from "../../db";
import { notFound } from "../../lib/app-error";
import { dashboardCounts, type DashboardCounts } from "./dashboard.queries";

/** The dashboard's counts, recounted from the owner's rows on every call, in a single query (no cached counters). */
export async function getDashboardCounts(db: Db, params: { userId: number }): Promise<DashboardCounts> {
  const counts = await dashboardCounts(db, params.userId);
  if (!counts) throw notFound();
  return counts;
}
