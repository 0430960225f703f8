import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { agentEarnings, agentProfiles, users } from "@shared/schema";
import type { CommissionInput } from "@shared/validators/admin";
import type { Db } from "../../db";
import { AppError } from "../../lib/app-error";

/**
 * Agent Oversight over issue 17's agent profiles: an agent is an account of type agent, with its profile (verified or
 * not, its commission rate), its clients counted from `users.agent_id` and its earnings summed from agent_earnings
 * (reversed ones left out). Verify and commission are conditional updates of the profile.
 */
export const NO_PROFILE_MESSAGE = "This agent has not created an agent profile yet.";

export type AgentRow = {
  userId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  status: string;
  createdAt: Date;
  clientCount: number;
  isVerified: boolean;
  commissionRate: string | null;
  earnings: string;
};

const PAGE = 200;

/** GET /api/admin/agents: every agent account (oldest first, as a review queue reads), its profile, clients, earnings. */
export async function listAgents(deps: { db: Db }): Promise<AgentRow[]> {
  const agents = await deps.db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      status: users.status,
      createdAt: users.createdAt,
      isVerified: agentProfiles.isVerified,
      commissionRate: agentProfiles.commissionRate,
    })
    .from(users)
    .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id))
    .where(eq(users.userType, "agent"))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(PAGE);
  if (agents.length === 0) return [];
  const ids = agents.map((a) => a.userId);
  const clients = await deps.db
    .select({ agentId: users.agentId, n: count() })
    .from(users)
    .where(inArray(users.agentId, ids))
    .groupBy(users.agentId);
  const earned = await deps.db
    .select({
      agentId: agentEarnings.agentId,
      total: sql<string>`coalesce(sum(${agentEarnings.commission}), 0)::numeric(16, 2)::text`,
    })
    .from(agentEarnings)
    .where(and(inArray(agentEarnings.agentId, ids), ne(agentEarnings.status, "reversed")))
    .groupBy(agentEarnings.agentId);
  const clientsOf = new Map(clients.map((c) => [Number(c.agentId), c.n]));
  const earnedBy = new Map(earned.map((e) => [Number(e.agentId), e.total]));
  return agents.map((a) => ({
    ...a,
    isVerified: a.isVerified ?? false,
    commissionRate: a.commissionRate,
    clientCount: clientsOf.get(a.userId) ?? 0,
    earnings: earnedBy.get(a.userId) ?? "0.00",
  }));
}

/** The agent account a verify or commission change names: 404 for anything that is not one. */
async function requireAgent(db: Db, userId: number) {
  const [agent] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.userType, "agent")))
    .limit(1);
  if (!agent) throw new AppError(404, "Not found");
  return agent;
}

/**
 * POST /api/admin/agents/:userId/verify: the profile moves unverified → verified once (a conditional update; a
 * second verify changes nothing and answers the same). An agent without a profile is a 404 saying so.
 */
export async function verifyAgent(
  deps: { db: Db; clock?: { now(): Date } },
  o: { agentUserId: number; adminId?: number },
): Promise<void> {
  await requireAgent(deps.db, o.agentUserId);
  const now = deps.clock?.now() ?? new Date();
  const moved = await deps.db
    .update(agentProfiles)
    .set({ isVerified: true, verifiedAt: now, verifiedBy: o.adminId ?? null, updatedAt: now })
    .where(and(eq(agentProfiles.userId, o.agentUserId), eq(agentProfiles.isVerified, false)))
    .returning({ id: agentProfiles.id });
  if (moved.length > 0) return;
  const [profile] = await deps.db
    .select({ id: agentProfiles.id })
    .from(agentProfiles)
    .where(eq(agentProfiles.userId, o.agentUserId));
  if (!profile) throw new AppError(404, NO_PROFILE_MESSAGE);
}

/** PATCH /api/admin/agents/:agentId/commission: validated (5–20) by the route; the profile's rate in one UPDATE. */
export async function setCommission(deps: { db: Db }, o: { agentId: number; input: CommissionInput }): Promise<void> {
  await requireAgent(deps.db, o.agentId);
  const changed = await deps.db
    .update(agentProfiles)
    .set({ commissionRate: o.input.commissionRate.toFixed(2), updatedAt: new Date() })
    .where(eq(agentProfiles.userId, o.agentId))
    .returning({ id: agentProfiles.id });
  if (changed.length === 0) throw new AppError(404, NO_PROFILE_MESSAGE);
}
