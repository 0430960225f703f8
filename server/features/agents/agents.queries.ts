import { and, count, desc, eq, sql } from "drizzle-orm";
import { agentInvitations as inv, agentProfiles, users, type AgentInvitation, type AgentProfile } from "@shared/schema";
import type { DbOrTx } from "../../db";
import { findInvitationByTokenHash } from "../../lib/invitations";

type Page = { limit: number; offset: number };
type OwnedInvitation = { agentId: number; id: number };

export async function findProfile(db: DbOrTx, userId: number): Promise<AgentProfile | undefined> {
  const [row] = await db.select().from(agentProfiles).where(eq(agentProfiles.userId, userId)).limit(1);
  return row;
}

/** One profile per agent: a second insert finds the unique index and answers undefined. */
export async function insertProfile(
  db: DbOrTx,
  values: typeof agentProfiles.$inferInsert,
): Promise<AgentProfile | undefined> {
  const [row] = await db.insert(agentProfiles).values(values).onConflictDoNothing().returning();
  return row;
}

/** The dashboard's stat cards in one statement, all scoped to the agent. */
export async function agentStats(db: DbOrTx, agentId: number, now: Date) {
  const result = await db.execute<{ clients: number; pending: number; earned: string | null }>(sql`
    select
      (select count(*)::int from users u where u.agent_id = ${agentId}) as clients,
      (select count(*)::int from agent_invitations i
        where i.agent_id = ${agentId} and i.status = 'pending' and i.expires_at > ${now.toISOString()}::timestamptz) as pending,
      (select coalesce(sum(e.commission), 0)::text from agent_earnings e
        where e.agent_id = ${agentId} and e.status <> 'reversed') as earned`);
  const row = result.rows[0];
  return { clients: Number(row?.clients ?? 0), pending: Number(row?.pending ?? 0), earned: row?.earned ?? "0" };
}

/** The agent's clients: profile fields and plan only (never anything of their estate), newest link first. */
export async function listClients(db: DbOrTx, agentId: number, page: Page) {
  const where = eq(users.agentId, agentId);
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      plan: users.plan,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function listInvitations(db: DbOrTx, agentId: number, page: Page) {
  const where = eq(inv.agentId, agentId);
  const rows = await db
    .select()
    .from(inv)
    .where(where)
    .orderBy(desc(inv.createdAt), desc(inv.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(inv).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function insertInvitation(db: DbOrTx, values: typeof inv.$inferInsert): Promise<AgentInvitation> {
  const [row] = await db.insert(inv).values(values).returning();
  return row;
}

export async function findInvitation(db: DbOrTx, owned: OwnedInvitation): Promise<AgentInvitation | undefined> {
  const [row] = await db
    .select()
    .from(inv)
    .where(and(eq(inv.id, owned.id), eq(inv.agentId, owned.agentId)))
    .limit(1);
  return row;
}

/** A conditional move of the agent's own invitation: only a pending one changes. */
export async function updatePendingInvitation(
  db: DbOrTx,
  owned: OwnedInvitation,
  values: Partial<typeof inv.$inferInsert>,
): Promise<AgentInvitation | undefined> {
  const [row] = await db
    .update(inv)
    .set(values)
    .where(and(eq(inv.id, owned.id), eq(inv.agentId, owned.agentId), eq(inv.status, "pending")))
    .returning();
  return row;
}

export type InvitationWithAgent = AgentInvitation & { agentFirstName: string | null; agentLastName: string | null };

/** The invitation behind a token, with its agent's names (server/lib/invitations.ts). */
export async function findByTokenHash(db: DbOrTx, tokenHash: string): Promise<InvitationWithAgent | undefined> {
  const found = await findInvitationByTokenHash(
    db,
    { table: inv, tokenHash: inv.tokenHash, senderId: inv.agentId },
    tokenHash,
  );
  return found && { ...found.invitation, agentFirstName: found.senderFirstName, agentLastName: found.senderLastName };
}

/** The single-use step: only a pending, unexpired invitation moves, so parallel accepts cannot both win. */
export async function markAccepted(
  db: DbOrTx,
  p: { tokenHash: string; userId: number; now: Date },
): Promise<AgentInvitation | undefined> {
  const [row] = await db
    .update(inv)
    .set({ status: "accepted", acceptedAt: p.now, acceptedBy: p.userId })
    .where(
      and(
        eq(inv.tokenHash, p.tokenHash),
        eq(inv.status, "pending"),
        sql`${inv.expiresAt} > ${p.now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row;
}

/** Sets (or clears) the client's agent; answers the previous one. The caller holds the user's row lock. */
export async function setClientAgent(db: DbOrTx, userId: number, agentId: number | null, now: Date): Promise<void> {
  await db.update(users).set({ agentId, updatedAt: now }).where(eq(users.id, userId));
}

/** The client's own agent, as the client sees them: the business and a name. */
export async function findAgentOfClient(db: DbOrTx, clientId: number) {
  const [row] = await db
    .select({
      agentId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      businessName: agentProfiles.businessName,
      businessPhone: agentProfiles.businessPhone,
      website: agentProfiles.website,
      isVerified: agentProfiles.isVerified,
    })
    .from(users)
    .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id))
    .where(sql`${users.id} = (select agent_id from users c where c.id = ${clientId})`)
    .limit(1);
  return row;
}
