import type { AppDeps } from "../../deps";
import type { RouteTable } from "../../lib/route-registry";

export function registerBeneficiaryRoutes(_r: RouteTable, _deps: AppDeps) {}
