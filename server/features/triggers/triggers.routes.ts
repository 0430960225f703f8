import type { Request } from "express";
import { createTriggerSchema, triggerStatusSchema } from "@shared/validators/triggers";
import type { AppDeps } from "../../deps";
import { currentUser, currentUserId, routeId } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import { presentTrigger } from "./triggers.presenter";
import * as svc from "./triggers.service";

const requestInfo = (req: Request): svc.RequestInfo => ({ requestId: String(req.id ?? ""), ip: req.ip ?? null });

/** `/api/triggers` (contract "Release triggers, bundles and releases"). */
export function registerTriggerRoutes(r: RouteTable, deps: AppDeps) {
  r.add({ method: "get", path: "/api/triggers", access: "client" }, async (req, res) => {
    const { rows, dek } = await svc.listTriggers(deps, { userId: currentUserId(req) });
    res.json(rows.map((row) => presentTrigger(row, dek)));
  });

  r.add({ method: "post", path: "/api/triggers", access: "client" }, async (req, res) => {
    const input = createTriggerSchema.parse(req.body ?? {});
    const { row, dek, events } = await svc.createTrigger(deps, {
      owner: currentUser(req),
      input,
      request: requestInfo(req),
    });
    res.status(201).json(presentTrigger(row, dek, events));
  });

  r.add({ method: "get", path: "/api/triggers/:id", access: "client", resource: "trigger" }, async (req, res) => {
    const { row, dek, events } = await svc.getTrigger(deps, { userId: currentUserId(req), id: routeId(req) });
    res.json(presentTrigger(row, dek, events));
  });

  r.add(
    { method: "put", path: "/api/triggers/:id/status", access: "client", resource: "trigger" },
    async (req, res) => {
      const id = routeId(req);
      const { status } = triggerStatusSchema.parse(req.body ?? {});
      const { row, dek, events } = await svc.cancelTrigger(deps, {
        userId: currentUserId(req),
        id,
        status,
        request: requestInfo(req),
      });
      res.json(presentTrigger(row, dek, events));
    },
  );

  r.add(
    { method: "post", path: "/api/triggers/:id/test", access: "client", body: "none", resource: "trigger" },
    async (req, res) => {
      await svc.testTrigger(deps, { userId: currentUserId(req), id: routeId(req), request: requestInfo(req) });
      res.status(202).json({ message: "Test sent: check your e-mail. Nothing was released." });
    },
  );
}
