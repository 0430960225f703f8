import { saveExecutionSchema } from "@shared/validators/will-executions";
import type { AppDeps } from "../../deps";
import { notFound } from "../../lib/app-error";
import { sendPdf } from "../../lib/pdf/pdf-document";
import { currentUserId, routeId } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import { logDecryptFailure } from "../assets/assets.service";
import { sendDownload } from "../assets/download";
import { createUploadMiddleware, releaseUploadLease, stagedFilesOf } from "../assets/upload-engine";
import { drawExecution, executionFileName, executionFooter } from "./execution-pdf";
import { assertReadyForScan, openScanDownload, recordExecution } from "./execution-scan.service";
import * as executions from "./execution.service";

const BASE = "/api/digital-wills/:id/execution";

/** Issue 20: the execution record of a will version, its signing PDF and the scan of the signed pages. */
export function registerExecutionRoutes(r: RouteTable, deps: AppDeps) {
  const owned = { access: "client", resource: "digital-will" } as const;

  r.add({ method: "get", path: "/api/will-executions/current", access: "client" }, async (req, res) => {
    res.json(await executions.getCurrentExecution(deps, currentUserId(req)));
  });

  r.add({ method: "get", path: BASE, ...owned }, async (req, res) => {
    res.json(await executions.getExecution(deps, { userId: currentUserId(req), willId: routeId(req) }));
  });

  r.add({ method: "put", path: BASE, ...owned }, async (req, res) => {
    const input = saveExecutionSchema.parse(req.body ?? {});
    res.json(await executions.saveExecution(deps, { userId: currentUserId(req), willId: routeId(req), input }));
  });

  r.add({ method: "post", path: `${BASE}/ready`, ...owned }, async (req, res) => {
    res.json(await executions.markExecutionReady(deps, { userId: currentUserId(req), willId: routeId(req) }));
  });

  // POST, not PUT: it changes one field of a record that may not exist yet, and a foreign id answers 404 before the
  // body is judged (the service parses it once the record is found).
  r.add({ method: "post", path: `${BASE}/location`, ...owned }, async (req, res) => {
    const target = { userId: currentUserId(req), willId: routeId(req) };
    res.json(await executions.updateOriginalLocation(deps, { ...target, body: req.body as unknown }));
  });

  r.add({ method: "get", path: `${BASE}/pdf`, ...owned }, async (req, res) => {
    const target = { userId: currentUserId(req), willId: routeId(req) };
    const { will, execution } = await executions.loadExecution(deps, deps.database.db, target);
    if (!execution) throw notFound();
    const opts = { title: will.title, generatedAt: deps.clock.now(), footer: executionFooter(will) };
    sendPdf(res, executionFileName(will), opts, (w) => drawExecution(w, will, execution));
  });

  r.add(
    { method: "post", path: `${BASE}/scan`, ...owned, body: "multipart" },
    async (req, _res, next) => {
      // A foreign id, a missing record or one not ready is refused before a byte of the body is read.
      await assertReadyForScan(deps, { userId: currentUserId(req), willId: routeId(req) });
      next();
    },
    createUploadMiddleware(deps),
    async (req, res) => {
      const target = { userId: currentUserId(req), willId: routeId(req) };
      let result;
      try {
        result = await recordExecution(deps, { ...target, files: stagedFilesOf(req) });
      } finally {
        await releaseUploadLease(req);
      }
      res.status(201).json(result);
    },
  );

  r.add({ method: "get", path: `${BASE}/scan`, ...owned }, async (req, res) => {
    const scan = await openScanDownload(deps, { userId: currentUserId(req), willId: routeId(req) });
    const failure = await sendDownload(res, scan.download);
    if (failure) logDecryptFailure(deps, scan.assetId, failure);
  });
}
