import { saveWillSchema } from "@shared/validators/wills";
import type { AppDeps } from "../../deps";
import { sendPdf } from "../../lib/pdf/pdf-document";
import type { RouteTable } from "../../lib/route-registry";
import { registerExecutionRoutes } from "./execution.routes";
import { drawWill, willFileName } from "./will-pdf";
import { presentWill } from "./wills.presenter";
import * as wills from "./wills.service";
import { currentUser, currentUserId, routeId } from "../../lib/request-context";

export function registerWillRoutes(r: RouteTable, deps: AppDeps) {
  const { clock } = deps;

  r.add({ method: "get", path: "/api/digital-wills", access: "client" }, async (req, res) => {
    const rows = await wills.listWills(deps, { userId: currentUserId(req) });
    res.json(rows.map(presentWill));
  });

  // Declared before "/:id" so "active" is never read as an id.
  r.add({ method: "get", path: "/api/digital-wills/active", access: "client" }, async (req, res) => {
    const will = await wills.getActiveWill(deps, { userId: currentUserId(req) });
    res.json(will ? presentWill(will) : null);
  });

  r.add({ method: "post", path: "/api/digital-wills", access: "client" }, async (req, res) => {
    const input = saveWillSchema.parse(req.body ?? {});
    const will = await wills.saveWill(deps, { userId: currentUserId(req), input });
    res.status(201).json(presentWill(will));
  });

  r.add(
    { method: "get", path: "/api/digital-wills/:id", access: "client", resource: "digital-will" },
    async (req, res) => {
      const will = await wills.getWill(deps, { userId: currentUserId(req), id: routeId(req) });
      res.json(presentWill(will));
    },
  );

  r.add(
    { method: "get", path: "/api/digital-wills/:id/pdf", access: "client", resource: "digital-will" },
    async (req, res) => {
      const user = currentUser(req);
      const will = await wills.getWill(deps, { userId: user.id, id: routeId(req) });
      const generatedAt = clock.now();
      sendPdf(res, willFileName(will), { title: will.title, generatedAt }, (w) => drawWill(w, will, user));
    },
  );

  registerExecutionRoutes(r, deps);
}
