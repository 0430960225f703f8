import { typedAssetListQuery } from "@shared/validators/assets-list";
import type { AppDeps } from "../../deps";
import type { RouteTable } from "../../lib/route-registry";
import { currentUserId, routeId } from "../../lib/request-context";
import { KINDS, type KindConfig } from "./kinds";
import { typedAssetPresenter } from "./typed-assets.presenter";
import {
  createTypedAsset,
  deleteTypedAsset,
  getTypedAsset,
  listTypedAssets,
  updateTypedAsset,
} from "./typed-assets.service";
import { parseCreateBody, parseUpdateBody } from "./typed-assets.input";

/** The same five routes for each of the six kinds, all served by one generic implementation. */
function registerKind(r: RouteTable, deps: AppDeps, kind: KindConfig) {
  const base = kind.apiPath;
  const resource = kind.kind;
  const presentTypedAsset = typedAssetPresenter(kind.kind);

  r.add({ method: "get", path: base, access: "client" }, async (req, res) => {
    const query = typedAssetListQuery.parse(req.query);
    const { items, total } = await listTypedAssets(deps, { userId: currentUserId(req), kind, ...query });
    res.setHeader("X-Total-Count", String(total));
    res.json(items.map(presentTypedAsset));
  });

  r.add({ method: "post", path: base, access: "client" }, async (req, res) => {
    const values = parseCreateBody(kind, req.body);
    const row = await createTypedAsset(deps, { userId: currentUserId(req), kind, values });
    res.status(201).json(presentTypedAsset(row));
  });

  r.add({ method: "get", path: `${base}/:id`, access: "client", resource }, async (req, res) => {
    const row = await getTypedAsset(deps, { userId: currentUserId(req), kind, id: routeId(req) });
    res.json(presentTypedAsset(row));
  });

  r.add({ method: "put", path: `${base}/:id`, access: "client", resource }, async (req, res) => {
    const id = routeId(req); // a malformed id is a 404 before the body is read
    const values = parseUpdateBody(kind, req.body);
    const row = await updateTypedAsset(deps, { userId: currentUserId(req), kind, id, values });
    res.json(presentTypedAsset(row));
  });

  r.add({ method: "delete", path: `${base}/:id`, access: "client", resource }, async (req, res) => {
    await deleteTypedAsset(deps, { userId: currentUserId(req), kind, id: routeId(req) });
    res.status(204).end();
  });
}

export function registerTypedAssetRoutes(r: RouteTable, deps: AppDeps) {
  for (const kind of KINDS) registerKind(r, deps, kind);
}
