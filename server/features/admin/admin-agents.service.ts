import { and, asc, count, eq, inArray } from "drizzle-orm";
import { users } from "@shared/schema";
import type { CommissionInput } from "@shared/validators/admin";
import type { Db } from "../../db";
import { AppError } from "../../lib/app-error";

/**
 * Agent Oversight without agent profiles yet. Agent profiles (business name, isVerified, commissionRate, earnings)
 * are issue 17's table `agent_profiles`, built in parallel; until it is merged an agent here is an account of type
 * agent, with its clients counted from `users.agent_id`, no verification state, no rate and no earnings. At the merge
 * these functions read and write agent_profiles (conditional updates: `isVerified = false` → true; the rate in one
 * UPDATE) and the earnings table; the routes, validation, audit and screens stay as they are.
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
};

const PAGE = 200;

/** GET /api/admin/agents: every agent account (oldest first, as a review queue reads), with its client count. */
export async function listAgents(deps: { db: Db }): Promise<AgentRow[]> {
  const agents = await deps.db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      status: users.status,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.userType, "agent"))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(PAGE);
  if (agents.length === 0) return [];
  const clients = await deps.db
    .select({ agentId: users.agentId, n: count() })
    .from(users)
    .where(
      inArray(
        users.agentId,
        agents.map((a) => a.userId),
      ),
    )
    .groupBy(users.agentId);
  const byAgent = new Map(clients.map((c) => [Number(c.agentId), c.n]));
  return agents.map((a) => ({ ...a, clientCount: byAgent.get(a.userId) ?? 0 }));
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

/** POST /api/admin/agents/:userId/verify: needs the agent's profile (issue 17), which no agent has yet. */
export async function verifyAgent(deps: { db: Db }, o: { agentUserId: number }): Promise<void> {
  await requireAgent(deps.db, o.agentUserId);
  throw new AppError(404, NO_PROFILE_MESSAGE);
}

/** PATCH /api/admin/agents/:agentId/commission: validated (5–20) by the route; the rate lives on the profile. */
export async function setCommission(deps: { db: Db }, o: { agentId: number; input: CommissionInput }): Promise<void> {
  await requireAgent(deps.db, o.agentId);
  throw new AppError(404, NO_PROFILE_MESSAGE);
}
