import { and, desc, eq, sql } from "drizzle-orm";
import { digitalWills, type DigitalWill } from "@shared/schema";
import type { DbOrTx, Tx } from "../../db";
import { nextRowId } from "../../db/row-ids";

type Owned = { userId: number; id: number };

/** Every version of the owner's will, newest first. */
export async function listWills(db: DbOrTx, userId: number): Promise<DigitalWill[]> {
  return db
    .select()
    .from(digitalWills)
    .where(eq(digitalWills.userId, userId))
    .orderBy(desc(digitalWills.version), desc(digitalWills.id));
}

export async function findActiveWill(db: DbOrTx, userId: number): Promise<DigitalWill | undefined> {
  const [row] = await db
    .select()
    .from(digitalWills)
    .where(and(eq(digitalWills.userId, userId), eq(digitalWills.isActive, true)))
    .limit(1);
  return row;
}

export async function findWill(db: DbOrTx, { userId, id }: Owned): Promise<DigitalWill | undefined> {
  const [row] = await db
    .select()
    .from(digitalWills)
    .where(and(eq(digitalWills.id, id), eq(digitalWills.userId, userId)))
    .limit(1);
  return row;
}

export async function archiveActiveWills(tx: DbOrTx, userId: number, now: Date): Promise<void> {
  await tx
    .update(digitalWills)
    .set({ isActive: false, updatedAt: now })
    .where(and(eq(digitalWills.userId, userId), eq(digitalWills.isActive, true)));
}

export async function nextWillVersion(tx: DbOrTx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number>`coalesce(max(${digitalWills.version}), 0)::int` })
    .from(digitalWills)
    .where(eq(digitalWills.userId, userId));
  return (row?.max ?? 0) + 1;
}

export async function insertWill(tx: DbOrTx, values: typeof digitalWills.$inferInsert): Promise<DigitalWill> {
  const [row] = await tx.insert(digitalWills).values(values).returning();
  return row;
}

/** The new will's id, drawn before the insert: its title's and content's AAD name the row. */
export function nextWillId(tx: Tx): Promise<number> {
  return nextRowId(tx, "digital_wills");
}
