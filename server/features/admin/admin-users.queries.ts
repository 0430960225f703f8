import { and, count, desc, eq, gte, ne, sql, sum, type SQL } from "drizzle-orm";
import {
  agentProfiles,
  assetReleaseTriggers,
  digitalWills,
  ownerCounts,
  sessions,
  type User,
  USER_SEARCH_TEXT,
  users,
  userTotals,
} from "@shared/schema";
import type { AdminUsersQuery } from "@shared/validators/admin";
import type { DbOrTx } from "../../db";

/** The columns the console shows: metadata only, never a hash, token or provider id. */
const LIST_COLUMNS = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  userType: users.userType,
  plan: users.plan,
  status: users.status,
  storageUsed: users.storageUsed,
  storageLimit: users.storageLimit,
  emailVerified: users.emailVerified,
  twoFactorEnabled: users.twoFactorEnabled,
  passkeyCount: users.passkeyCount,
  createdAt: users.createdAt,
};
/** A listed user: its columns, and whether its agent profile (issue 17) is verified — null without one. */
export type AdminUserRow = { [K in keyof typeof LIST_COLUMNS]: User[K] } & { agentVerified?: boolean | null };

/** `%` and `_` typed into the search are literal characters, not wildcards (INJ-01). */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function userFilter(q: AdminUsersQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (q.role !== "all") parts.push(eq(users.userType, q.role));
  // The trigram index (users_search_trgm_idx) is on this exact expression; one or two letters are too short for
  // trigrams and scan, which the page size bounds.
  if (q.q) parts.push(sql`${USER_SEARCH_TEXT} like ${likePattern(q.q)}`);
  return parts.length ? and(...parts) : undefined;
}

/** One page of users, newest first, and how many match in all. */
export async function listUsers(db: DbOrTx, q: AdminUsersQuery): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = userFilter(q);
  const rows = await db
    .select({ ...LIST_COLUMNS, agentVerified: agentProfiles.isVerified })
    .from(users)
    .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit)
    .offset(q.offset);
  return { rows, total: q.q ? await countMatches(db, where) : await countByRole(db, q.role) };
}

/** A search's total: the trigram index's matches. */
async function countMatches(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  return n;
}

/** Without a search, the total comes from user_totals' counter rows, never from reading every user. */
async function countByRole(db: DbOrTx, role: AdminUsersQuery["role"]): Promise<number> {
  const [row] = await db
    .select({ n: sum(userTotals.users) })
    .from(userTotals)
    .where(role === "all" ? undefined : eq(userTotals.userType, role));
  return Number(row?.n ?? 0);
}

export async function findUser(db: DbOrTx, id: number): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The counts shown in the details dialog: owner_counts' one row, the wills and triggers, the live sessions. */
export async function userCounts(db: DbOrTx, id: number, now: Date) {
  const [c] = await db.select().from(ownerCounts).where(eq(ownerCounts.userId, id));
  const [wills] = await db.select({ n: count() }).from(digitalWills).where(eq(digitalWills.userId, id));
  const [triggers] = await db
    .select({ n: count() })
    .from(assetReleaseTriggers)
    .where(eq(assetReleaseTriggers.userId, id));
  const [live] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, id), gte(sessions.expire, now)));
  return {
    files: c?.files ?? 0,
    typedAssets:
      (c?.intellectualProperty ?? 0) +
      (c?.financialAssets ?? 0) +
      (c?.physicalAssets ?? 0) +
      (c?.digitalContent ?? 0) +
      (c?.personalDocuments ?? 0) +
      (c?.onlineAccounts ?? 0),
    beneficiaries: c?.beneficiaries ?? 0,
    trustedParties: c?.trustedParties ?? 0,
    wills: wills.n,
    triggers: triggers.n,
    activeSessions: live.n,
  };
}

/**
 * Locks every admin row (in id order, so two admins acting at once queue instead of deadlocking) and answers the
 * active ones: the "last admin" rule is decided under these locks.
 */
export async function lockAdmins(tx: DbOrTx): Promise<{ id: number; status: string }[]> {
  return tx
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(eq(users.userType, "admin"))
    .orderBy(users.id)
    .for("update");
}

/** The conditional status change: it happens only from the expected status; answers the row when it did. */
export async function transitionStatus(
  tx: DbOrTx,
  p: { userId: number; from: string; to: string; now: Date },
): Promise<User | undefined> {
  const [row] = await tx
    .update(users)
    .set({ status: p.to, updatedAt: p.now })
    .where(and(eq(users.id, p.userId), eq(users.status, p.from), ne(users.status, p.to)))
    .returning();
  return row;
}
