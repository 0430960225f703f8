import { and, eq, sql } from "drizzle-orm";
import { users, type User } from "@shared/schema";
import type { DbOrTx } from "../../db";

/**
 * Records a client's role choice in one statement: the choice itself every time, `onboarded_at` only the first time
 * (coalesce), so choosing again from settings never brings the screen back. Answers undefined for anyone who is not a
 * client by then.
 */
export async function recordRoleChoice(
  db: DbOrTx,
  p: { userId: number; role: string; at: Date },
): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ roleChoice: p.role, onboardedAt: sql`coalesce(${users.onboardedAt}, ${p.at})`, updatedAt: p.at })
    .where(and(eq(users.id, p.userId), eq(users.userType, "client")))
    .returning();
  return row;
}
