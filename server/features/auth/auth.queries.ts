import { and, eq, gt, sql } from "drizzle-orm";
import { sessions, systemSettings, users, type User } from "@shared/schema";
import type { DbOrTx } from "../../db";

export async function findUserById(db: DbOrTx, id: number): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserByGoogleId(db: DbOrTx, googleId: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleId, googleId)).limit(1);
  return row;
}

/** Inserts a user; answers undefined when the e-mail is taken (unique index), so callers can say 409. */
export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<User | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<User | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/**
 * Stores a reset token for the active account with this e-mail, in one statement whether or not it exists, so a
 * request for an unknown address does the same database work as one for a known address (AUTH-06).
 */
export async function setResetTokenByEmail(
  db: DbOrTx,
  email: string,
  values: { tokenHash: string; expires: Date },
): Promise<Pick<User, "id" | "email"> | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordResetToken: values.tokenHash, passwordResetExpires: values.expires })
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.status, "active")))
    .returning({ id: users.id, email: users.email });
  return row;
}

export async function findUserByResetToken(db: DbOrTx, tokenHash: string, now: Date): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.passwordResetToken, tokenHash), gt(users.passwordResetExpires, now)))
    .limit(1);
  return row;
}

export async function findUserByVerificationToken(db: DbOrTx, tokenHash: string, now: Date): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.emailVerificationToken, tokenHash), gt(users.emailVerificationExpires, now)))
    .limit(1);
  return row;
}

/** Ends every stored session of the user at once (their rows go; the cookies then name nothing). */
export async function deleteSessionsOfUser(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(sessions).where(sql`(${sessions.sess}->'passport'->>'user') = ${String(userId)}`);
}

export async function countAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.userType, "admin"));
  return row?.n ?? 0;
}

/** Stores a setting; `at` is the instant it was written (the set-up token's issue time, by the injectable clock). */
export async function putSetting(db: DbOrTx, key: string, value: string, at: Date): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ key, value, updatedAt: at })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: at } });
}

/**
 * Deletes the setting when it holds `value` and was written after `writtenAfter`, in one statement: of two
 * concurrent callers only one gets the row back (the other waits for the row lock, then finds it gone).
 */
export async function takeSetting(db: DbOrTx, key: string, value: string, writtenAfter: Date): Promise<boolean> {
  const rows = await db
    .delete(systemSettings)
    .where(
      and(eq(systemSettings.key, key), eq(systemSettings.value, value), gt(systemSettings.updatedAt, writtenAfter)),
    )
    .returning({ key: systemSettings.key });
  return rows.length > 0;
}
