import type { AgentProfile, User } from "@shared/schema";
import type { AgentOnboardingInput, AgentProfileInput } from "@shared/validators/agents";
import { eq } from "drizzle-orm";
import { users } from "@shared/schema";
import { runInTransaction, type Db } from "../../db";
import { conflict, forbidden, notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { lockUser } from "../../lib/plan-limits";
import * as q from "./agents.queries";

export const PROFILE_EXISTS_MESSAGE = "You already have an agent profile.";
export const NOT_AN_AGENT_MESSAGE =
  "Agent onboarding is for agent accounts: choose Agent on the role selection screen.";

type Deps = { db: Db; clock: Clock };
type ProfileValues = Omit<typeof import("@shared/schema").agentProfiles.$inferInsert, "userId">;

/** The agent's profile or null (the dashboard offers to create one). */
export async function getProfile(deps: Deps, p: { userId: number }): Promise<AgentProfile | null> {
  return (await q.findProfile(deps.db, p.userId)) ?? null;
}

/**
 * Writes the agent's one profile, `isVerified: false` until an admin verifies it. A client who picked the Agent card
 * on the role selection screen becomes an agent in the same transaction (spec 001: the onboarding makes the agent).
 * The rate is the onboarding's (5–20) or the default; no other caller sets it (MASS-07).
 */
async function writeProfile(
  deps: Deps,
  user: User,
  values: ProfileValues,
): Promise<{ profile: AgentProfile; user: User }> {
  const may = user.userType === "agent" || (user.userType === "client" && user.roleChoice === "agent");
  if (!may) throw forbidden(NOT_AN_AGENT_MESSAGE);
  const now = deps.clock.now();
  return runInTransaction(deps.db, async (tx) => {
    const locked = await lockUser(tx, user.id);
    if (!locked) throw notFound();
    if (await q.findProfile(tx, user.id)) throw conflict(PROFILE_EXISTS_MESSAGE);
    const profile = await q.insertProfile(tx, { ...values, userId: user.id, createdAt: now, updatedAt: now });
    if (!profile) throw conflict(PROFILE_EXISTS_MESSAGE);
    let next = locked;
    if (locked.userType !== "agent") {
      [next] = await tx
        .update(users)
        .set({ userType: "agent", updatedAt: now })
        .where(eq(users.id, user.id))
        .returning();
    }
    return { profile, user: next };
  });
}

/** POST /api/agent/onboard: the three-step wizard's answers (spec 001 §5). */
export function onboardAgent(deps: Deps, p: { user: User; input: AgentOnboardingInput }) {
  const { input } = p;
  return writeProfile(deps, p.user, {
    businessName: input.businessName,
    licenseNumber: input.licenseNumber,
    practiceAreas: input.practiceAreas,
    specializations: input.specializations,
    businessAddress: input.businessAddress,
    businessPhone: input.businessPhone,
    website: input.website ?? null,
    yearsExperience: input.yearsExperience,
    clientCapacity: input.clientCapacity,
    commissionRate: input.commissionRate.toFixed(2),
    termsAcceptedAt: deps.clock.now(),
  });
}

/** POST /api/agent/profile: the dashboard's quick form; the rate is the default 10.00. */
export function createProfile(deps: Deps, p: { user: User; input: AgentProfileInput }) {
  const { input } = p;
  return writeProfile(deps, p.user, {
    businessName: input.businessName,
    licenseNumber: input.licenseNumber ?? null,
    practiceAreas: input.practiceAreas,
    businessAddress: input.businessAddress ?? null,
    businessPhone: input.businessPhone ?? null,
    website: input.website ?? null,
  });
}

/** The dashboard's stat cards (spec 001 §2). */
export async function getStats(deps: Deps, p: { userId: number }) {
  const [stats, profile] = await Promise.all([
    q.agentStats(deps.db, p.userId, deps.clock.now()),
    q.findProfile(deps.db, p.userId),
  ]);
  return {
    totalClients: stats.clients,
    pendingInvitations: stats.pending,
    totalEarnings: stats.earned,
    businessStatus: profile?.isVerified ? ("Verified" as const) : ("Pending" as const),
    hasProfile: profile !== undefined,
  };
}
