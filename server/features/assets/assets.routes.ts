import { listAssetsQuery } from "@shared/validators/assets";
import type { AppDeps } from "../../deps";
import type { RouteTable } from "../../lib/route-registry";
import { registerAssetIndexRoutes } from "../asset-index/asset-index.routes";
import { presentFileAsset } from "./assets.presenter";
import { deleteAsset, listAssets, logDecryptFailure, openAssetDownload } from "./assets.service";
import { sendDownload } from "./download";
import { currentUserId, routeId } from "../../lib/request-context";
import { createUploadMiddleware, releaseUploadLease, stagedFilesOf } from "./upload-engine";
import { createUploadedAssets } from "./upload.service";

export function registerAssetRoutes(r: RouteTable, deps: AppDeps) {
  r.add(
    { method: "post", path: "/api/assets/upload", access: "client", body: "multipart" },
    createUploadMiddleware(deps),
    async (req, res) => {
      const files = stagedFilesOf(req);
      let rows;
      try {
        rows = await createUploadedAssets(deps, { userId: currentUserId(req), body: req.body, files });
      } finally {
        await releaseUploadLease(req); // before the answer: the client's next upload must find the slot free
      }
      res.status(201).json(rows.map(presentFileAsset));
    },
  );

  r.add({ method: "get", path: "/api/assets", access: "client" }, async (req, res) => {
    const query = listAssetsQuery.parse(req.query);
    const { items, total } = await listAssets(deps, { userId: currentUserId(req), ...query });
    res.setHeader("X-Total-Count", String(total));
    res.json(items.map(presentFileAsset));
  });

  r.add({ method: "get", path: "/api/assets/:id/download", access: "client", resource: "asset" }, async (req, res) => {
    const id = routeId(req);
    const download = await openAssetDownload(deps, { userId: currentUserId(req), id });
    const failure = await sendDownload(res, download);
    if (failure) logDecryptFailure(deps, id, failure);
  });

  r.add({ method: "delete", path: "/api/assets/:id", access: "client", resource: "asset" }, async (req, res) => {
    await deleteAsset(deps, { userId: currentUserId(req), id: routeId(req) });
    res.status(204).end();
  });

  // The unified All Assets list lives in its own feature; registered from here so app.ts needs no new line.
  registerAssetIndexRoutes(r, deps);
}
