import { paginationQuery } from "@shared/validators/common";
import { acceptAgentInvitationSchema, inviteClientSchema } from "@shared/validators/agents";
import type { AppDeps } from "../../deps";
import { audit } from "../../lib/audit";
import { currentUser, currentUserId, routeId } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import { requireFeature } from "../billing/require-feature";
import { presentInvitation, presentMyAgent } from "./agents.presenter";
import * as q from "./agents.queries";
import * as svc from "./invitations.service";

const BASE = "/api/agent/invitations";

/** Client invitations (contract "Agents and invitations"), the public invitation page, and the client's own link. */
export function registerAgentInvitationRoutes(r: RouteTable, deps: AppDeps) {
  const db = deps.database.db;
  const d: svc.AgentDeps = { db, clock: deps.clock, outbox: deps, publicUrl: deps.config.publicUrl };
  const one = { access: "agent", resource: "agent-invitation", body: "none" } as const;
  const record = (req: Parameters<typeof audit>[1], action: Parameters<typeof audit>[2], id: number) =>
    audit({ db, clock: deps.clock }, req, action, { target: `agent_invitation:${id}` });

  r.add({ method: "get", path: BASE, access: "agent" }, async (req, res) => {
    const page = paginationQuery.parse(req.query);
    const { rows, total } = await q.listInvitations(db, currentUserId(req), page);
    res.setHeader("X-Total-Count", String(total));
    res.json(rows.map((row) => presentInvitation(row, deps.clock.now())));
  });

  // Multi-client management is the Professional plan's agent dashboard (spec 000 §6 catalogue, decision 010).
  r.add(
    { method: "post", path: BASE, access: "agent" },
    requireFeature("agent_dashboard", deps.clock),
    async (req, res) => {
      const input = inviteClientSchema.parse(req.body ?? {});
      const { invitation, inviteUrl } = await svc.createInvitation(d, { agent: currentUser(req), input });
      await record(req, "agent_invitation_sent", invitation.id);
      res.status(201).json({ ...presentInvitation(invitation, deps.clock.now()), inviteUrl });
    },
  );

  r.add({ method: "post", path: `${BASE}/:id/revoke`, ...one }, async (req, res) => {
    const row = await svc.revokeInvitation(d, { agentId: currentUserId(req), id: routeId(req) });
    await record(req, "agent_invitation_revoked", row.id);
    res.json(presentInvitation(row, deps.clock.now()));
  });

  r.add({ method: "post", path: `${BASE}/:id/resend`, ...one }, async (req, res) => {
    const { invitation, inviteUrl } = await svc.resendInvitation(d, { agent: currentUser(req), id: routeId(req) });
    await record(req, "agent_invitation_sent", invitation.id);
    res.json({ ...presentInvitation(invitation, deps.clock.now()), inviteUrl });
  });

  // The invitation page's read: public, changes nothing (mail scanners open links); the accept is a POST.
  r.add(
    { method: "get", path: "/api/invitation/:token", access: "public", rateLimit: "tokenLookup" },
    async (req, res) => {
      res.set("Referrer-Policy", "no-referrer");
      res.json(await svc.getInvitation(db, deps.clock, String(req.params.token)));
    },
  );

  r.add(
    { method: "post", path: "/api/agent/accept-invitation", access: "user", rateLimit: "tokenLookup" },
    async (req, res) => {
      const { token, switchAgent } = acceptAgentInvitationSchema.parse(req.body ?? {});
      const { agentId } = await svc.acceptInvitation(d, {
        token,
        user: currentUser(req),
        switchAgent: switchAgent ?? false,
      });
      await audit({ db, clock: deps.clock }, req, "agent_invitation_accepted", { target: `agent:${agentId}` });
      res.json({ accepted: true });
    },
  );

  // The client's settings: who their agent is, and ending the link.
  r.add({ method: "get", path: "/api/user/agent", access: "client" }, async (req, res) => {
    const row = await q.findAgentOfClient(db, currentUserId(req));
    res.json(row ? presentMyAgent(row) : null);
  });

  r.add({ method: "delete", path: "/api/user/agent", access: "client" }, async (req, res) => {
    await svc.endAgentLink(d, { userId: currentUserId(req) });
    await audit({ db, clock: deps.clock }, req, "agent_link_ended", { target: `user:${currentUserId(req)}` });
    res.status(204).end();
  });
}
