import { createBundleSchema, updateBundleSchema } from "@shared/validators/triggers";
import type { AppDeps } from "../../deps";
import { currentUserId, routeId } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import { presentBundle } from "./asset-bundles.presenter";
import * as svc from "./asset-bundles.service";

/** `/api/asset-bundles` (contract "Release triggers, bundles and releases"): named groups of the owner's assets. */
export function registerAssetBundleRoutes(r: RouteTable, deps: AppDeps) {
  const db = deps.database.db;

  r.add({ method: "get", path: "/api/asset-bundles", access: "client" }, async (req, res) => {
    const rows = await svc.listBundles(db, { userId: currentUserId(req) });
    res.json(rows.map(presentBundle));
  });

  r.add({ method: "post", path: "/api/asset-bundles", access: "client" }, async (req, res) => {
    const input = createBundleSchema.parse(req.body ?? {});
    const row = await svc.createBundle(db, deps, { userId: currentUserId(req), input });
    res.status(201).json(presentBundle(row));
  });

  r.add(
    { method: "patch", path: "/api/asset-bundles/:id", access: "client", resource: "asset-bundle" },
    async (req, res) => {
      const id = routeId(req);
      const input = updateBundleSchema.parse(req.body ?? {});
      const row = await svc.updateBundle(db, deps, { userId: currentUserId(req), id, input });
      res.json(presentBundle(row));
    },
  );

  r.add(
    { method: "delete", path: "/api/asset-bundles/:id", access: "client", resource: "asset-bundle" },
    async (req, res) => {
      await svc.deleteBundle(db, { userId: currentUserId(req), id: routeId(req) });
      res.status(204).end();
    },
  );
}
