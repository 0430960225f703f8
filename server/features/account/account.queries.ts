import { eq } from "drizzle-orm";
import { users, type User } from "@shared/schema";
import type { DbOrTx } from "../../db";

/** The user's own row, locked for the rest of the transaction (two settings changes at once run one after the other). */
export async function lockUser(db: DbOrTx, userId: number): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for("update").limit(1);
  return row;
}

export async function updateOwnUser(
  db: DbOrTx,
  userId: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<User | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  return row;
}
