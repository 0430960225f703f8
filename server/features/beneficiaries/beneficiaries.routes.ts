import {
  beneficiaryListQuery,
  createBeneficiarySchema,
  updateBeneficiarySchema,
} from "@shared/validators/beneficiaries";
import type { AppDeps } from "../../deps";
import type { RouteTable } from "../../lib/route-registry";
import { presentBeneficiary } from "./beneficiaries.presenter";
import * as svc from "./beneficiaries.service";
import { registerVerificationRoutes } from "./verification.routes";
import { currentUser, currentUserId, routeId } from "../../lib/request-context";

export function registerBeneficiaryRoutes(r: RouteTable, deps: AppDeps) {
  const beneficiaryDeps: svc.BeneficiaryDeps = {
    db: deps.database.db,
    outbox: deps,
    publicUrl: deps.config.publicUrl,
    clock: deps.clock,
    logger: deps.logger,
  };

  r.add({ method: "get", path: "/api/beneficiaries", access: "client" }, async (req, res) => {
    const page = beneficiaryListQuery.parse(req.query);
    const { rows, total } = await svc.listBeneficiaries(beneficiaryDeps, { userId: currentUserId(req), ...page });
    res.setHeader("X-Total-Count", String(total));
    const me = currentUser(req);
    res.json(rows.map((row) => presentBeneficiary(row, me)));
  });

  r.add({ method: "post", path: "/api/beneficiaries", access: "client" }, async (req, res) => {
    const input = createBeneficiarySchema.parse(req.body ?? {});
    const row = await svc.createBeneficiary(beneficiaryDeps, { owner: currentUser(req), input });
    res.status(201).json(presentBeneficiary(row, currentUser(req)));
  });

  r.add(
    { method: "get", path: "/api/beneficiaries/:id", access: "client", resource: "beneficiary" },
    async (req, res) => {
      const row = await svc.getBeneficiary(beneficiaryDeps, { userId: currentUserId(req), id: routeId(req) });
      res.json(presentBeneficiary(row, currentUser(req)));
    },
  );

  r.add(
    { method: "patch", path: "/api/beneficiaries/:id", access: "client", resource: "beneficiary" },
    async (req, res) => {
      const id = routeId(req);
      const input = updateBeneficiarySchema.parse(req.body ?? {});
      const row = await svc.updateBeneficiary(beneficiaryDeps, { owner: currentUser(req), id, input });
      res.json(presentBeneficiary(row, currentUser(req)));
    },
  );

  r.add(
    { method: "delete", path: "/api/beneficiaries/:id", access: "client", resource: "beneficiary" },
    async (req, res) => {
      await svc.deleteBeneficiary(beneficiaryDeps, { userId: currentUserId(req), id: routeId(req) });
      res.status(204).end();
    },
  );

  r.add(
    {
      method: "post",
      path: "/api/beneficiaries/:id/resend-verification",
      access: "client",
      body: "none",
      resource: "beneficiary",
    },
    async (req, res) => {
      const row = await svc.resendVerification(beneficiaryDeps, { owner: currentUser(req), id: routeId(req) });
      res.json(presentBeneficiary(row, currentUser(req)));
    },
  );

  registerVerificationRoutes(r, deps);
}
