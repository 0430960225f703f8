import type { AppDeps } from "../../deps";
import type { RouteTable } from "../../lib/route-registry";

export function registerWillRoutes(_r: RouteTable, _deps: AppDeps) {}
