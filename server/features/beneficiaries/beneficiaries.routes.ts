import type { Request } from "express";
import {
  beneficiaryListQuery,
  createBeneficiarySchema,
  updateBeneficiarySchema,
} from "@shared/validators/beneficiaries";
import { idParam } from "@shared/validators/common";
import type { AppDeps } from "../../deps";
import { notFound, unauthorized } from "../../lib/app-error";
import type { RouteTable } from "../../lib/route-registry";
import { presentBeneficiary } from "./beneficiaries.presenter";
import * as svc from "./beneficiaries.service";
import { registerVerificationRoutes } from "./verification.routes";

function owner(req: Request) {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** A malformed id is a miss like any other: 404, never 400 or 500. */
function beneficiaryId(req: Request): number {
  const parsed = idParam.safeParse(req.params.id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export function registerBeneficiaryRoutes(r: RouteTable, deps: AppDeps) {
  const db = deps.database.db;
  const ctx: svc.BeneficiaryCtx = {
    outbox: deps,
    publicUrl: deps.config.publicUrl,
    clock: deps.clock,
    logger: deps.logger,
  };

  r.add({ method: "get", path: "/api/beneficiaries", access: "client" }, async (req, res) => {
    const page = beneficiaryListQuery.parse(req.query);
    const { rows, total } = await svc.listBeneficiaries(db, { userId: owner(req).id, ...page });
    res.setHeader("X-Total-Count", String(total));
    const me = owner(req);
    res.json(rows.map((row) => presentBeneficiary(row, me)));
  });

  r.add({ method: "post", path: "/api/beneficiaries", access: "client" }, async (req, res) => {
    const input = createBeneficiarySchema.parse(req.body ?? {});
    const row = await svc.createBeneficiary(db, ctx, { owner: owner(req), input });
    res.status(201).json(presentBeneficiary(row, owner(req)));
  });

  r.add(
    { method: "get", path: "/api/beneficiaries/:id", access: "client", resource: "beneficiary" },
    async (req, res) => {
      const row = await svc.getBeneficiary(db, { userId: owner(req).id, id: beneficiaryId(req) });
      res.json(presentBeneficiary(row, owner(req)));
    },
  );

  r.add(
    { method: "patch", path: "/api/beneficiaries/:id", access: "client", resource: "beneficiary" },
    async (req, res) => {
      const id = beneficiaryId(req);
      const input = updateBeneficiarySchema.parse(req.body ?? {});
      const row = await svc.updateBeneficiary(db, ctx, { owner: owner(req), id, input });
      res.json(presentBeneficiary(row, owner(req)));
    },
  );

  r.add(
    { method: "delete", path: "/api/beneficiaries/:id", access: "client", resource: "beneficiary" },
    async (req, res) => {
      await svc.deleteBeneficiary(db, { userId: owner(req).id, id: beneficiaryId(req) });
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
      const row = await svc.resendVerification(db, ctx, { owner: owner(req), id: beneficiaryId(req) });
      res.json(presentBeneficiary(row, owner(req)));
    },
  );

  registerVerificationRoutes(r, deps);
}
