import type { AppDeps } from "../../deps";
import { unauthorized } from "../../lib/app-error";
import type { RouteTable } from "../../lib/route-registry";
import { presentDashboardStats } from "./dashboard.presenter";
import { getDashboardCounts } from "./dashboard.service";

export function registerDashboardRoutes(r: RouteTable, deps: AppDeps) {
  const db = deps.database.db;

  r.add({ method: "get", path: "/api/dashboard/stats", access: "client" }, async (req, res) => {
    if (!req.user) throw unauthorized();
    const counts = await getDashboardCounts(db, { userId: req.user.id });
    res.json(presentDashboardStats(counts));
  });
}
