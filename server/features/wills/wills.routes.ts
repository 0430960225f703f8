import type { Request } from "express";
import { idParam } from "@shared/validators/common";
import { saveWillSchema } from "@shared/validators/wills";
import type { AppDeps } from "../../deps";
import { notFound, unauthorized } from "../../lib/app-error";
import { sendPdf } from "../../lib/pdf/pdf-document";
import type { RouteTable } from "../../lib/route-registry";
import { drawWill, willFileName } from "./will-pdf";
import { presentWill } from "./wills.presenter";
import * as wills from "./wills.service";

function owner(req: Request) {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** A malformed id is a miss like any other: 404, never 400 or 500. */
function willId(req: Request): number {
  const parsed = idParam.safeParse(req.params.id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export function registerWillRoutes(r: RouteTable, deps: AppDeps) {
  const { clock } = deps;

  r.add({ method: "get", path: "/api/digital-wills", access: "client" }, async (req, res) => {
    const rows = await wills.listWills(deps, { userId: owner(req).id });
    res.json(rows.map(presentWill));
  });

  // Declared before "/:id" so "active" is never read as an id.
  r.add({ method: "get", path: "/api/digital-wills/active", access: "client" }, async (req, res) => {
    const will = await wills.getActiveWill(deps, { userId: owner(req).id });
    res.json(will ? presentWill(will) : null);
  });

  r.add({ method: "post", path: "/api/digital-wills", access: "client" }, async (req, res) => {
    const input = saveWillSchema.parse(req.body ?? {});
    const will = await wills.saveWill(deps, { userId: owner(req).id, input, now: clock.now() });
    res.status(201).json(presentWill(will));
  });

  r.add(
    { method: "get", path: "/api/digital-wills/:id", access: "client", resource: "digital-will" },
    async (req, res) => {
      const will = await wills.getWill(deps, { userId: owner(req).id, id: willId(req) });
      res.json(presentWill(will));
    },
  );

  r.add(
    { method: "get", path: "/api/digital-wills/:id/pdf", access: "client", resource: "digital-will" },
    async (req, res) => {
      const user = owner(req);
      const will = await wills.getWill(deps, { userId: user.id, id: willId(req) });
      const generatedAt = clock.now();
      sendPdf(res, willFileName(will), { title: will.title, generatedAt }, (w) => drawWill(w, will, user));
    },
  );
}
