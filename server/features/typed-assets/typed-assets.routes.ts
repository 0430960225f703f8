import { typedAssetListQuery } from "@shared/validators/assets-list";
import type { AppDeps } from "../../deps";
import type { RouteTable } from "../../lib/route-registry";
import { currentUserId, routeId } from "../../lib/request-context";
import { KINDS, type KindConfig } from "./kinds";
import { presentTypedAsset } from "./typed-assets.presenter";
import {
  createTypedAsset,
  deleteTypedAsset,
  getTypedAsset,
  listTypedAssets,
  updateTypedAsset,
} from "./typed-assets.service";

/** The same five routes for each of the six kinds, all served by one generic implementation. */
function registerKind(r: RouteTable, deps: AppDeps, kind: KindConfig) {
  const base = kind.apiPath;
  const resource = kind.kind;

  r.add({ method: "get", path: base, access: "client" }, async (req, res) => {
    const query = typedAssetListQuery.parse(req.query);
    const { items, total } = await listTypedAssets(deps, kind, { userId: currentUserId(req), ...query });
    res.setHeader("X-Total-Count", String(total));
    res.json(items.map(presentTypedAsset));
  });

  r.add({ method: "post", path: base, access: "client" }, async (req, res) => {
    const row = await createTypedAsset(deps, kind, { userId: currentUserId(req), body: req.body });
    res.status(201).json(presentTypedAsset(row));
  });

  r.add({ method: "get", path: `${base}/:id`, access: "client", resource }, async (req, res) => {
    const row = await getTypedAsset(deps, kind, { userId: currentUserId(req), id: routeId(req) });
    res.json(presentTypedAsset(row));
  });

  r.add({ method: "put", path: `${base}/:id`, access: "client", resource }, async (req, res) => {
    const row = await updateTypedAsset(deps, kind, { userId: currentUserId(req), id: routeId(req), body: req.body });
    res.json(presentTypedAsset(row));
  });

  r.add({ method: "delete", path: `${base}/:id`, access: "client", resource }, async (req, res) => {
    await deleteTypedAsset(deps, kind, { userId: currentUserId(req), id: routeId(req) });
    res.status(204).end();
  });
}

export function registerTypedAssetRoutes(r: RouteTable, deps: AppDeps) {
  for (const kind of KINDS) registerKind(r, deps, kind);
}
