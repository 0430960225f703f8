import type { AdminMetricsDto, AdminStatsDto, MetricPoint } from "@shared/admin-api";
import type { Db } from "../../db";
import type { Clock } from "../../lib/clock";
import * as q from "./admin-stats.queries";

const METRIC_MONTHS = 12;
const GB = 1024 ** 3;
const cents = (decimal: string) => Math.round(Number(decimal) * 100);

/**
 * GET /api/admin/stats, from real rows. Agents: until the agent profiles land (table agent_profiles, issue 17), an
 * account of type agent that is not suspended counts as an active agent and none is pending verification — the
 * verification state lives on that profile. At the merge, activeAgents becomes "profiles verified" and pendingAgents
 * "profiles not yet verified" (see agentFigures below, the one place to change).
 */
export async function getStats(
  deps: { db: Db; clock: Clock },
  o: { paymentsMode: "stripe" | "test" },
): Promise<AdminStatsDto> {
  const now = deps.clock.now();
  const thisMonth = q.monthStart(now);
  const users = await q.userFigures(deps.db, thisMonth);
  const current = await q.revenueBetween(deps.db, thisMonth, q.monthStart(now, 1));
  const previous = await q.revenueBetween(deps.db, q.monthStart(now, -1), thisMonth);
  const agents = await q.agentFigures(deps.db);
  return {
    totalUsers: users.totalUsers,
    newUsersThisMonth: users.newUsersThisMonth,
    activeAgents: agents.active,
    pendingAgents: agents.pending,
    monthlyRevenue: (cents(current) / 100).toFixed(2),
    revenueGrowth:
      cents(previous) === 0 ? null : Math.round(((cents(current) - cents(previous)) / cents(previous)) * 1000) / 10,
    totalStorageUsed: users.totalStorageUsed,
    totalStorageGB: Math.round((users.totalStorageUsed / GB) * 100) / 100,
    currency: "USD",
    paymentsMode: o.paymentsMode,
  };
}

/** The last METRIC_MONTHS month labels (YYYY-MM, UTC), oldest first. */
function monthLabels(now: Date): string[] {
  return Array.from({ length: METRIC_MONTHS }, (_, i) =>
    q
      .monthStart(now, i - METRIC_MONTHS + 1)
      .toISOString()
      .slice(0, 7),
  );
}

function series(labels: string[], rows: { month: string; value: string | number | null }[]): MetricPoint[] {
  const byMonth = new Map(rows.map((r) => [r.month, Number(r.value ?? 0)]));
  return labels.map((month) => ({ month, value: byMonth.get(month) ?? 0 }));
}

/** GET /api/admin/metrics: sign-ups, confirmed revenue and stored bytes per month over the last year. */
export async function getMetrics(deps: { db: Db; clock: Clock }): Promise<AdminMetricsDto> {
  const now = deps.clock.now();
  const from = q.monthStart(now, -(METRIC_MONTHS - 1));
  const labels = monthLabels(now);
  const storage = await q.storageByMonth(deps.db, from);
  let running = storage.before;
  const added = series(labels, storage.rows);
  return {
    signUps: series(labels, await q.signUpsByMonth(deps.db, from)),
    revenue: series(labels, await q.revenueByMonth(deps.db, from)).map((p) => ({
      ...p,
      value: cents(String(p.value)) / 100,
    })),
    storage: added.map((p) => ({ month: p.month, value: (running += p.value) })),
  };
}
