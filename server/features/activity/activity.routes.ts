import { activityListQuery } from "@shared/validators/notifications";
import type { AppDeps } from "../../deps";
import { currentUserId } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import { listActivity } from "./activity.queries";

/** GET /api/activity: the caller's own audit trail (contract "Background work…"), newest first, X-Total-Count. */
export function registerActivityRoutes(r: RouteTable, deps: AppDeps) {
  r.add({ method: "get", path: "/api/activity", access: "user" }, async (req, res) => {
    const query = activityListQuery.parse(req.query);
    const { rows, total } = await listActivity(deps.database.db, { userId: currentUserId(req), ...query });
    res.setHeader("X-Total-Count", String(total));
    res.json(rows);
  });
}
