import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { emailChanges, users, type EmailChange } from "@shared/schema";
import type { DbOrTx } from "../../db";

export async function insertEmailChange(db: DbOrTx, values: typeof emailChanges.$inferInsert): Promise<EmailChange> {
  const [row] = await db.insert(emailChanges).values(values).returning();
  return row;
}

/** A newer request (or an undo) supersedes every change of the user that was never confirmed. */
export async function cancelPendingChanges(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db
    .update(emailChanges)
    .set({ cancelledAt: at })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt), isNull(emailChanges.cancelledAt)));
}

/** The row a confirmation link names, locked; cancelled rows count as unknown. */
export async function findByConfirmToken(db: DbOrTx, tokenHash: string): Promise<EmailChange | undefined> {
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.confirmTokenHash, tokenHash), isNull(emailChanges.cancelledAt)))
    .for("update")
    .limit(1);
  return row;
}

export async function findByUndoToken(db: DbOrTx, tokenHash: string): Promise<EmailChange | undefined> {
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(eq(emailChanges.undoTokenHash, tokenHash))
    .for("update")
    .limit(1);
  return row;
}

export async function updateEmailChange(db: DbOrTx, id: number, values: Partial<typeof emailChanges.$inferInsert>) {
  await db.update(emailChanges).set(values).where(eq(emailChanges.id, id));
}

/** Whether another account signs in with `email` (case-insensitive, like the unique index). */
export async function isEmailTaken(db: DbOrTx, email: string, exceptUserId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, exceptUserId)))
    .limit(1);
  return rows.length > 0;
}

/** The user's own latest unconfirmed, unexpired change, for the settings screen. */
export async function findPendingChange(db: DbOrTx, userId: number, now: Date): Promise<EmailChange | undefined> {
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.cancelledAt),
        gt(emailChanges.confirmExpiresAt, now),
      ),
    )
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row;
}
