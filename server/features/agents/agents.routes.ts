import { paginationQuery } from "@shared/validators/common";
import { agentOnboardingRequestSchema, agentProfileSchema, payoutMonthSchema } from "@shared/validators/agents";
import type { AppDeps } from "../../deps";
import { signIn, renewSession } from "../../auth/sign-in";
import { audit } from "../../lib/audit";
import { AppError, notFound } from "../../lib/app-error";
import { sendPdf } from "../../lib/pdf/pdf-document";
import { currentUser, currentUserId } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import { registerUser } from "../auth/auth.service";
import { presentUser } from "../auth/user.presenter";
import { presentClient, presentEarning, presentProfile } from "./agents.presenter";
import * as q from "./agents.queries";
import * as svc from "./agents.service";
import { earningsByMonth, earningsOfMonth, findPayout, listEarnings } from "./earnings.queries";
import { drawStatement } from "./statement-pdf";

const ACCOUNT_REQUIRED = "Create your account to finish the onboarding";

/** Spec 001 agent onboarding and dashboard reads (contract "Agents and invitations"). */
export function registerAgentRoutes(r: RouteTable, deps: AppDeps) {
  const db = deps.database.db;
  const d = { db, clock: deps.clock };
  const authDeps = {
    db,
    mailer: deps.mailer,
    outbox: deps,
    publicUrl: deps.config.publicUrl,
    clock: deps.clock,
    logger: deps.logger,
  };

  // Public: a signed-out visitor's body carries `account`, and the agent account is created first (contract).
  r.add({ method: "post", path: "/api/agent/onboard", access: "public", rateLimit: "register" }, async (req, res) => {
    const { account, ...input } = agentOnboardingRequestSchema.parse(req.body ?? {});
    let user = req.user;
    if (!user) {
      if (!account) throw new AppError(400, ACCOUNT_REQUIRED, [{ path: "account", message: ACCOUNT_REQUIRED }]);
      user = await registerUser(authDeps, { input: { ...account, userType: "agent" } });
      await signIn(req, user, deps.clock);
    }
    const done = await svc.onboardAgent(d, { user, input });
    // A client who picked Agent became one: the role change regenerates the session (contract).
    if (done.user.userType !== user.userType) await renewSession(req, done.user);
    await audit(d, req, "agent_onboarded", { actorId: done.user.id, target: `agent_profile:${done.profile.id}` });
    res.status(201).json({ profile: presentProfile(done.profile, 0), user: presentUser(done.user) });
  });

  r.add({ method: "get", path: "/api/agent/profile", access: "agent" }, async (req, res) => {
    const profile = await svc.getProfile(d, { userId: currentUserId(req) });
    if (!profile) return void res.json(null);
    const stats = await q.agentStats(db, currentUserId(req), deps.clock.now());
    res.json(presentProfile(profile, stats.clients));
  });

  r.add({ method: "post", path: "/api/agent/profile", access: "agent" }, async (req, res) => {
    const input = agentProfileSchema.parse(req.body ?? {});
    const { profile } = await svc.createProfile(d, { user: currentUser(req), input });
    await audit(d, req, "agent_profile_created", { target: `agent_profile:${profile.id}` });
    res.status(201).json(presentProfile(profile, 0));
  });

  r.add({ method: "get", path: "/api/agent/stats", access: "agent" }, async (req, res) => {
    res.json(await svc.getStats(d, { userId: currentUserId(req) }));
  });

  r.add({ method: "get", path: "/api/agent/clients", access: "agent" }, async (req, res) => {
    const page = paginationQuery.parse(req.query);
    const { rows, total } = await q.listClients(db, currentUserId(req), page);
    res.setHeader("X-Total-Count", String(total));
    res.json(rows.map(presentClient));
  });

  r.add({ method: "get", path: "/api/agent/earnings", access: "agent" }, async (req, res) => {
    const page = paginationQuery.parse(req.query);
    const { rows, total } = await listEarnings(db, currentUserId(req), page);
    res.setHeader("X-Total-Count", String(total));
    res.json(rows.map(presentEarning));
  });

  // A month's payout statement, once the run on the 1st has produced it (404 before, or for another agent's month).
  r.add({ method: "get", path: "/api/agent/statements/:month", access: "agent" }, async (req, res) => {
    const month = payoutMonthSchema.safeParse(req.params.month);
    if (!month.success) throw notFound();
    const agentId = currentUserId(req);
    const payout = await findPayout(db, agentId, month.data);
    if (!payout) throw notFound();
    const [profile, earnings] = await Promise.all([
      q.findProfile(db, agentId),
      earningsOfMonth(db, agentId, month.data),
    ]);
    const opts = { title: `Payout statement ${month.data}`, generatedAt: deps.clock.now() };
    sendPdf(res, `payout-statement-${month.data}.pdf`, opts, (w) =>
      drawStatement(w, { month: month.data, profile, payout, earnings }),
    );
  });

  // The chart and the statements list: the last 12 months with earnings.
  r.add({ method: "get", path: "/api/agent/earnings/monthly", access: "agent" }, async (req, res) => {
    res.json(await earningsByMonth(db, currentUserId(req), 12));
  });
}
