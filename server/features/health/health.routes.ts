import { sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { serviceUnavailable } from "../../lib/app-error";
import type { RouteTable } from "../../lib/route-registry";

async function databaseAnswers(deps: AppDeps): Promise<boolean> {
  try {
    await Promise.race([
      deps.database.db.execute(sql`select 1`),
      new Promise((_, reject) => setTimeout(() => reject(new Error("health check timed out")), 2000).unref()),
    ]);
    return true;
  } catch {
    return false;
  }
}

export function registerHealthRoutes(r: RouteTable, deps: AppDeps) {
  /** Readiness: 200 when the database answers, 503 otherwise (contract). */
  r.add({ method: "get", path: "/api/health", access: "public" }, async (_req, res) => {
    if (!(await databaseAnswers(deps))) throw serviceUnavailable();
    res.json({ status: "ok" });
  });
  /** Liveness: the process is up, whatever the database says. */
  r.add({ method: "get", path: "/healthz", access: "public" }, (_req, res) => {
    res.json({ status: "ok" });
  });
}
