import type { AppDeps } from "../../deps";
import type { RouteTable } from "../../lib/route-registry";
import { presentDashboardStats } from "./dashboard.presenter";
import { getDashboardCounts } from "./dashboard.service";
import { currentUserId } from "../../lib/request-context";

export function registerDashboardRoutes(r: RouteTable, deps: AppDeps) {
  r.add({ method: "get", path: "/api/dashboard/stats", access: "client" }, async (req, res) => {
    const counts = await getDashboardCounts(deps, { userId: currentUserId(req) });
    res.json(presentDashboardStats(counts));
  });
}
