import { adminEstateDistributionQuerySchema } from "@shared/validators/estate-distribution";
import type { AppDeps } from "../../deps";
import { currentUserId, routeId } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import { listDistributions, markLegalReviewDone } from "./distribution-admin";

const BASE = "/api/admin/estate-distributions";

/**
 * The admins' side of estate distributions (issue 16): the list with what awaits a legal review (metadata only), and
 * marking a review done. Admins act on every user's rows, so `:userId` names the owner (no owner to answer 404 for).
 */
export function registerEstateDistributionAdminRoutes(r: RouteTable, deps: AppDeps) {
  r.add({ method: "get", path: BASE, access: "admin" }, async (req, res) => {
    const query = adminEstateDistributionQuerySchema.parse(req.query);
    const { items, total } = await listDistributions(deps.database.db, query);
    res.setHeader("X-Total-Count", String(total));
    res.json(items);
  });

  r.add({ method: "post", path: `${BASE}/:userId/legal-review`, access: "admin", body: "none" }, async (req, res) => {
    res.json(await markLegalReviewDone(deps, { adminId: currentUserId(req), userId: routeId(req, "userId") }));
  });
}
