import { reviewDeathVerificationSchema } from "@shared/validators/death-verification";
import type { AppDeps } from "../../deps";
import { notFound } from "../../lib/app-error";
import { currentUserId, routeId } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import { readEvidence } from "./document-upload";
import { depsOf, sendEvidence } from "./dv.routes";
import * as q from "./dv.queries";
import { reviewQuery } from "./page-query";
import { listForReview, reviewRequest } from "./review.service";

const BASE = "/api/admin/death-verifications";
/** The admin routes name the request `:requestId`: admins act on every user's rows (no owner to answer 404 for). */
const ONE = `${BASE}/:requestId`;

export function registerDeathVerificationAdminRoutes(r: RouteTable, deps: AppDeps) {
  const d = depsOf(deps);

  r.add({ method: "get", path: BASE, access: "admin" }, async (req, res) => {
    const { status, ...page } = reviewQuery.parse(req.query);
    const statuses = status ? [status] : ["pending", "in_review", "appealed", "verified"];
    const { items, total } = await listForReview(d, { statuses, ...page });
    res.setHeader("X-Total-Count", String(total));
    res.json(items);
  });

  r.add({ method: "post", path: `${ONE}/review`, access: "admin" }, async (req, res) => {
    const input = reviewDeathVerificationSchema.parse(req.body ?? {});
    const row = await reviewRequest(d, { adminId: currentUserId(req), id: routeId(req, "requestId"), input });
    const { items } = await listForReview(d, { statuses: [row.status], limit: 1, offset: 0, id: row.id });
    res.json(items[0]);
  });

  r.add({ method: "get", path: `${ONE}/documents/:documentId`, access: "admin" }, async (req, res) => {
    const doc = await q.findDocument(d.db, {
      requestId: routeId(req, "requestId"),
      documentId: routeId(req, "documentId"),
    });
    if (!doc) throw notFound();
    sendEvidence(res, doc, await readEvidence(deps, doc));
  });
}
