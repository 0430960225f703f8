import { and, eq, gte, ne } from "drizzle-orm";
import { sessions } from "@shared/schema";
import type { DbOrTx } from "../../db";

export type StoredSession = { sid: string; sess: Record<string, unknown>; expire: Date };

/** The user's unexpired session rows, through the generated user_id column's index (no scan of every session). */
export async function listUserSessions(db: DbOrTx, userId: number, now: Date): Promise<StoredSession[]> {
  const rows = await db
    .select({ sid: sessions.sid, sess: sessions.sess, expire: sessions.expire })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gte(sessions.expire, now)));
  return rows.map((r) => ({ ...r, sess: (r.sess ?? {}) as Record<string, unknown> }));
}

/** Ends one of the user's sessions by its id; answers whether a row went. Scoped by owner like every query. */
export async function deleteUserSession(db: DbOrTx, userId: number, sid: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.sid, sid)))
    .returning({ sid: sessions.sid });
  return rows.length > 0;
}

/** Ends every session of the user but `keepSid` (when given); answers how many went. */
export async function deleteUserSessions(db: DbOrTx, userId: number, keepSid?: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(keepSid ? and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)) : eq(sessions.userId, userId))
    .returning({ sid: sessions.sid });
  return rows.length;
}
