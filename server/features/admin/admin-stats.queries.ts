import { and, count, eq, gte, inArray, lt, sql, sum } from "drizzle-orm";
import { agentProfiles, assetBundles, digitalAssets, users, userTotals } from "@shared/schema";
import type { DbOrTx } from "../../db";

/** The first instant of the UTC calendar month `offset` months from the one holding `at`. */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

/** Confirmed payments: plan and storage purchases marked paid (test mode or Stripe's signed webhook). */
const confirmedPayment = and(eq(assetBundles.status, "paid"), inArray(assetBundles.category, ["plan", "storage"]));

/** Confirmed payments in [from, to), as an exact decimal string. */
export async function revenueBetween(db: DbOrTx, from: Date, to: Date): Promise<string> {
  const [row] = await db
    .select({ total: sum(assetBundles.price) })
    .from(assetBundles)
    .where(and(confirmedPayment, gte(assetBundles.createdAt, from), lt(assetBundles.createdAt, to)));
  return row?.total ?? "0";
}

/**
 * The user-side figures: totals from user_totals (a few dozen counter rows kept by triggers, migration 0014), the
 * month's sign-ups through users_created_at_idx.
 */
export async function userFigures(db: DbOrTx, since: Date) {
  const [all] = await db
    .select({ total: sum(userTotals.users), storage: sum(userTotals.storageUsed) })
    .from(userTotals);
  const [agents] = await db
    .select({ n: sum(userTotals.users) })
    .from(userTotals)
    .where(and(eq(userTotals.userType, "agent"), eq(userTotals.status, "active")));
  const [recent] = await db.select({ n: count() }).from(users).where(gte(users.createdAt, since));
  return {
    totalUsers: Number(all?.total ?? 0),
    totalStorageUsed: Number(all?.storage ?? 0),
    newUsersThisMonth: recent.n,
    activeAgentAccounts: Number(agents?.n ?? 0),
  };
}

type MonthRow = { month: string; value: string | number | null };

const monthOf = (column: unknown) => sql<string>`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`;

export async function signUpsByMonth(db: DbOrTx, from: Date): Promise<MonthRow[]> {
  const month = monthOf(users.createdAt);
  return db.select({ month, value: count() }).from(users).where(gte(users.createdAt, from)).groupBy(month);
}

export async function revenueByMonth(db: DbOrTx, from: Date): Promise<MonthRow[]> {
  const month = monthOf(assetBundles.createdAt);
  return db
    .select({ month, value: sum(assetBundles.price) })
    .from(assetBundles)
    .where(and(confirmedPayment, gte(assetBundles.createdAt, from)))
    .groupBy(month);
}

/** Bytes of committed files uploaded per month since `from`, and all of those uploaded before it. */
export async function storageByMonth(db: DbOrTx, from: Date): Promise<{ before: number; rows: MonthRow[] }> {
  const committed = eq(digitalAssets.status, "committed");
  const [before] = await db
    .select({ bytes: sum(digitalAssets.fileSize) })
    .from(digitalAssets)
    .where(and(committed, lt(digitalAssets.createdAt, from)));
  const month = monthOf(digitalAssets.createdAt);
  const rows = await db
    .select({ month, value: sum(digitalAssets.fileSize) })
    .from(digitalAssets)
    .where(and(committed, gte(digitalAssets.createdAt, from)))
    .groupBy(month);
  return { before: Number(before?.bytes ?? 0), rows };
}

/**
 * Active agents are active agent accounts whose profile an admin has verified; pending agents are active agent
 * accounts whose profile waits for verification (issue 17's agent_profiles). An agent without a profile is neither.
 */
export async function agentFigures(db: DbOrTx): Promise<{ active: number; pending: number }> {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${agentProfiles.isVerified})::int`,
      pending: sql<number>`count(*) filter (where not ${agentProfiles.isVerified})::int`,
    })
    .from(agentProfiles)
    .innerJoin(users, eq(users.id, agentProfiles.userId))
    .where(and(eq(users.userType, "agent"), eq(users.status, "active")));
  return { active: Number(row?.active ?? 0), pending: Number(row?.pending ?? 0) };
}
