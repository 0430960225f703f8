import { updateEstateDistributionSchema } from "@shared/validators/estate-distribution";
import type { AppDeps } from "../../deps";
import { audit } from "../../lib/audit";
import { currentUserId } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import { presentEstateDistribution, presentPreview } from "./estate-distribution.presenter";
import * as svc from "./estate-distribution.service";

const BASE = "/api/estate-distribution";

/** The owner's estate distribution settings (contract: `GET/PUT /api/estate-distribution`) and their timeline. */
export function registerEstateDistributionRoutes(r: RouteTable, deps: AppDeps) {
  r.add({ method: "get", path: BASE, access: "client" }, async (req, res) => {
    const row = await svc.getEstateDistribution(deps, { userId: currentUserId(req) });
    res.json(presentEstateDistribution(row));
  });

  r.add({ method: "put", path: BASE, access: "client" }, async (req, res) => {
    const input = updateEstateDistributionSchema.parse(req.body ?? {});
    const userId = currentUserId(req);
    const row = await svc.saveEstateDistribution(deps, { userId, input });
    await audit({ db: deps.database.db, clock: deps.clock }, req, "estate_distribution_updated", {
      target: `estate_distribution:${userId}`,
    });
    res.json(presentEstateDistribution(row));
  });

  r.add({ method: "get", path: `${BASE}/preview`, access: "client" }, async (req, res) => {
    const schedule = await svc.previewEstateDistribution(deps, { userId: currentUserId(req) });
    res.json(presentPreview(schedule));
  });
}
