import type { Response } from "express";
import {
  appealDeathVerificationSchema,
  confirmDeathReportSchema,
  confirmDeathVerificationSchema,
  createDeathVerificationRequestSchema,
  DEATH_VERIFICATION_MESSAGES,
  deathReportSchema,
  uploadDocumentSchema,
} from "@shared/validators/death-verification";
import type { AppDeps } from "../../deps";
import { requireAccess } from "../../lib/access";
import { notFound } from "../../lib/app-error";
import { contentDisposition } from "../../lib/files/file-names";
import { currentUserId, routeId } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import { appealRequest } from "./appeal.service";
import { parseEvidence, readEvidence, storeEvidence } from "./document-upload";
import { presentDocument } from "./dv.presenter";
import * as q from "./dv.queries";
import * as evidence from "./evidence.service";
import { listRequests } from "./list.service";
import { confirmReport, reportDeath } from "./report.service";
import { createRequest, type DeathVerificationDeps } from "./request.service";
import { pageQuery } from "./page-query";

const BASE = "/api/death-verification";
const ONE = `${BASE}/requests/:id`;

export const depsOf = (deps: AppDeps): DeathVerificationDeps => ({ ...deps, db: deps.database.db });

/** Sends a decrypted evidence file as an attachment that is never rendered. */
export function sendEvidence(res: Response, doc: { fileName: string; mimeType: string }, bytes: Buffer) {
  res.setHeader("Content-Type", doc.mimeType);
  res.setHeader("Content-Disposition", contentDisposition(doc.fileName));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", "sandbox");
  res.status(200).send(bytes);
}

export function registerDeathVerificationRoutes(r: RouteTable, deps: AppDeps) {
  const d = depsOf(deps);
  const one = { access: "user", resource: "death-verification-request" } as const;

  r.add({ method: "post", path: `${BASE}/request`, access: "user" }, async (req, res) => {
    const input = createDeathVerificationRequestSchema.parse(req.body ?? {});
    const row = await createRequest(d, {
      userId: currentUserId(req),
      input,
      requestId: String(req.id ?? "") || null,
      ip: req.ip ?? null,
    });
    const { items } = await listRequests(d, { userId: currentUserId(req), limit: 1, offset: 0, id: row.id });
    res.status(201).json(items[0]);
  });

  // Public and rate limited; the same 202 whether or not an account has the address (no enumeration).
  r.add({ method: "post", path: `${BASE}/report`, access: "public", rateLimit: "passwordReset" }, async (req, res) => {
    await reportDeath(d, deathReportSchema.parse(req.body ?? {}));
    res.status(202).json({ message: DEATH_VERIFICATION_MESSAGES.reportSent });
  });

  // The confirmation page's action: opening the page itself (the SPA) changes nothing.
  r.add(
    { method: "post", path: `${BASE}/report/confirm`, access: "public", rateLimit: "tokenLookup" },
    async (req, res) => {
      const { token } = confirmDeathReportSchema.parse(req.body ?? {});
      await confirmReport(d, token);
      res.json({ message: "Thank you. Your report has been recorded." });
    },
  );

  r.add({ method: "get", path: `${BASE}/requests`, access: "user" }, async (req, res) => {
    const page = pageQuery.parse(req.query);
    const { items, total } = await listRequests(d, { userId: currentUserId(req), ...page });
    res.setHeader("X-Total-Count", String(total));
    res.json(items);
  });

  // Access is decided before the body is read: anyone but the requestor of an open request gets 404 at once.
  r.add(
    { method: "post", path: `${ONE}/documents`, body: "multipart", ...one },
    async (req, _res, next) => {
      await evidence.requireUploader(d, { userId: currentUserId(req), id: routeId(req) });
      next();
    },
    parseEvidence,
    async (req, res) => {
      const userId = currentUserId(req);
      const request = await evidence.requireUploader(d, { userId, id: routeId(req) });
      const { documentType } = uploadDocumentSchema.parse(req.body ?? {});
      const stored = await storeEvidence(deps, request.userId, req.file);
      const doc = await evidence.addDocument(
        { ...d, storage: deps.storage },
        { userId, id: request.id, documentType, stored },
      );
      res.status(201).json(presentDocument(doc));
    },
  );

  r.add({ method: "get", path: `${ONE}/documents/:documentId`, ...one }, async (req, res) => {
    const id = routeId(req);
    await requireAccess(d.db, { userId: currentUserId(req) }, "death-verification:evidence", id);
    const doc = await q.findDocument(d.db, { requestId: id, documentId: routeId(req, "documentId") });
    if (!doc) throw notFound();
    sendEvidence(res, doc, await readEvidence(deps, doc));
  });

  r.add({ method: "post", path: `${ONE}/confirm`, ...one }, async (req, res) => {
    const id = routeId(req);
    // Someone who may not answer gets the same 404 as a missing id, whatever the body.
    await requireAccess(d.db, { userId: currentUserId(req) }, "death-verification:confirm", id);
    const input = confirmDeathVerificationSchema.parse(req.body ?? {});
    res.json(await evidence.answerRequest(d, { userId: currentUserId(req), id, input }));
  });

  // The requestor appeals an admin's rejection; anyone else gets the same 404 as a missing id, whatever the body.
  r.add({ method: "post", path: `${ONE}/appeal`, ...one }, async (req, res) => {
    const id = routeId(req);
    const userId = currentUserId(req);
    await requireAccess(d.db, { userId }, "death-verification:appeal", id);
    const input = appealDeathVerificationSchema.parse(req.body ?? {});
    await appealRequest(d, { userId, id, input, requestId: String(req.id ?? "") || null, ip: req.ip ?? null });
    const { items } = await listRequests(d, { userId, limit: 1, offset: 0, id });
    res.json(items[0]);
  });
}
