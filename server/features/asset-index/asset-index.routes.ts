import { assetIndexQuery } from "@shared/validators/assets-list";
import type { AppDeps } from "../../deps";
import type { RouteTable } from "../../lib/route-registry";
import { currentUserId } from "../../lib/request-context";
import { presentAssetIndexItem } from "./asset-index.presenter";
import { listAssetIndex } from "./asset-index.queries";

/** GET /api/asset-index: the All Assets tab, every kind in one paginated list (X-Total-Count). */
export function registerAssetIndexRoutes(r: RouteTable, deps: AppDeps) {
  r.add({ method: "get", path: "/api/asset-index", access: "client" }, async (req, res) => {
    const query = assetIndexQuery.parse(req.query);
    const { rows, total } = await listAssetIndex(deps.database.db, { userId: currentUserId(req), ...query });
    res.setHeader("X-Total-Count", String(total));
    res.json(rows.map(presentAssetIndexItem));
  });
}
