import { and, eq, gt, sql } from "drizzle-orm";
import { sessions, systemSettings, users, type User } from "@shared/schema";
import type { SealedMessage } from "../../lib/outbox/enqueue";
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
 * Stores a reset token for the active account with this e-mail AND queues its (already encrypted) mail, in ONE
 * statement whether or not the account exists, so an unknown address does exactly the database work of a known one
 * (AUTH-06). Nothing happens when the address already had `recentLimit` reset mails since `recentSince` (the
 * per-address limit: the earlier links keep working). Answers whether a mail was queued.
 */
export async function setResetTokenAndQueueMail(
  db: DbOrTx,
  email: string,
  p: { tokenHash: string; expires: Date; message: SealedMessage; recentSince: Date; recentLimit: number },
): Promise<boolean> {
  const m = p.message;
  const address = email.toLowerCase();
  const result = await db.execute(sql`
    with target as (
      update ${users}
         set password_reset_token = ${p.tokenHash}, password_reset_expires = ${p.expires}
       where lower(email) = ${address} and status = 'active'
         and (select count(*) from outbox_messages o
               where o.recipient = ${address} and o.kind = ${m.kind} and o.created_at > ${p.recentSince}) < ${p.recentLimit}
      returning email)
    insert into outbox_messages
      (id, channel, kind, recipient, payload, payload_kid, dedupe_key, status, attempts, next_attempt_at, created_at)
    select ${m.id}, ${m.channel}, ${m.kind}, lower(target.email), ${m.payload}, ${m.payloadKid}, ${m.dedupeKey},
           ${m.status}, 0, ${m.nextAttemptAt}, ${m.createdAt}
      from target
    returning id`);
  return result.rows.length > 0;
}

/** Marks the e-mail verified if the token is still the user's; answers false when another request got there first. */
export async function markEmailVerified(db: DbOrTx, id: number, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerified: true, emailVerificationToken: null, emailVerificationExpires: null })
    .where(and(eq(users.id, id), eq(users.emailVerificationToken, tokenHash)))
    .returning({ id: users.id });
  return rows.length > 0;
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
