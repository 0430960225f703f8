import { adminAuditQuerySchema, commissionSchema } from "@shared/validators/admin";
import type { AppDeps } from "../../deps";
import { audit } from "../../lib/audit";
import { routeId } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import { currentUserId } from "../../lib/request-context";
import { listAuditEvents } from "./admin-audit.queries";
import * as agents from "./admin-agents.service";
import { getMetrics, getStats } from "./admin-insights.service";
import { presentAgent, presentAuditEntry, presentSettings } from "./admin.presenter";

/** The console's figures, agents, configuration and audit log (contract "Admin"). */
export function registerAdminInsightRoutes(r: RouteTable, deps: AppDeps) {
  const d = { db: deps.database.db, clock: deps.clock };

  r.add({ method: "get", path: "/api/admin/stats", access: "admin" }, async (_req, res) => {
    res.json(await getStats(d, { paymentsMode: deps.config.paymentsMode }));
  });

  r.add({ method: "get", path: "/api/admin/metrics", access: "admin" }, async (_req, res) => {
    res.json(await getMetrics(d));
  });

  r.add({ method: "get", path: "/api/admin/settings", access: "admin" }, (_req, res) => {
    res.json(presentSettings(deps.config));
  });

  r.add({ method: "get", path: "/api/admin/audit", access: "admin" }, async (req, res) => {
    const query = adminAuditQuerySchema.parse(req.query);
    const { rows, total } = await listAuditEvents(d.db, query);
    res.setHeader("X-Total-Count", String(total));
    res.json(rows.map(presentAuditEntry));
  });

  r.add({ method: "get", path: "/api/admin/agents", access: "admin" }, async (_req, res) => {
    res.json((await agents.listAgents(d)).map(presentAgent));
  });

  // Both change the agent's profile (issue 17); an agent without one is a 404 saying so. The audit records successes.
  r.add(
    { method: "post", path: "/api/admin/agents/:userId/verify", access: "admin", body: "none" },
    async (req, res) => {
      const agentUserId = routeId(req, "userId");
      await agents.verifyAgent(d, { agentUserId, adminId: currentUserId(req) });
      await audit(d, req, "admin_agent_verified", { target: `user:${agentUserId}` });
      res.json({ userId: agentUserId, isVerified: true });
    },
  );

  r.add({ method: "patch", path: "/api/admin/agents/:agentId/commission", access: "admin" }, async (req, res) => {
    const input = commissionSchema.parse(req.body ?? {});
    const agentId = routeId(req, "agentId");
    await agents.setCommission(d, { agentId, input });
    await audit(d, req, "admin_commission_changed", {
      target: `user:${agentId}`,
      details: { commissionRate: input.commissionRate },
    });
    res.json({ userId: agentId, commissionRate: input.commissionRate.toFixed(2) });
  });
}
