import type { AppDeps } from "../../deps";
import type { RouteTable } from "../../lib/route-registry";

export function registerAssetRoutes(_r: RouteTable, _deps: AppDeps) {}
