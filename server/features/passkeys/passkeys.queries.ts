import { and, asc, eq, sql } from "drizzle-orm";
import { passkeys, users, type NewPasskey, type Passkey, type User } from "@shared/schema";
import type { DbOrTx } from "../../db";

/** The user's passkeys, oldest first. */
export function listPasskeysOfUser(db: DbOrTx, userId: number): Promise<Passkey[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** The WebAuthn user handle the user's passkeys share, if they have one. */
export async function userHandleOf(db: DbOrTx, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ userHandle: passkeys.userHandle })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.id))
    .limit(1);
  return row?.userHandle;
}

/** A credential and its owner, found by the credential id an authenticator answered with. */
export async function findPasskeyWithOwner(
  db: DbOrTx,
  credentialId: string,
): Promise<{ passkey: Passkey; user: User } | undefined> {
  const [row] = await db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return row;
}

/** Inserts a credential; undefined when that credential id is registered already (to anyone). */
export async function insertPasskey(db: DbOrTx, values: NewPasskey): Promise<Passkey | undefined> {
  const [row] = await db
    .insert(passkeys)
    .values(values)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  return row;
}

export async function renameOwnPasskey(
  db: DbOrTx,
  p: { id: number; userId: number; name: string },
): Promise<Passkey | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name: p.name })
    .where(and(eq(passkeys.id, p.id), eq(passkeys.userId, p.userId)))
    .returning();
  return row;
}

/** Deletes one of the user's passkeys; answers its name, or undefined when there was none of theirs. */
export async function deleteOwnPasskey(db: DbOrTx, p: { id: number; userId: number }): Promise<string | undefined> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, p.id), eq(passkeys.userId, p.userId)))
    .returning({ name: passkeys.name });
  return row?.name;
}

/** Deletes every passkey of the user and zeroes the count on the user row. */
export async function deletePasskeysOfUser(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
  await db.update(users).set({ passkeyCount: 0 }).where(eq(users.id, userId));
}

/**
 * Moves the user's passkey count by `delta` (relative, so concurrent changes add up; the row stays locked until the
 * transaction ends). Answers the new count and the address to tell, or undefined for no such user.
 */
export async function movePasskeyCount(
  db: DbOrTx,
  userId: number,
  delta: number,
): Promise<{ passkeyCount: number; email: string } | undefined> {
  const [row] = await db
    .update(users)
    .set({ passkeyCount: sql`greatest(${users.passkeyCount} + ${delta}, 0)` })
    .where(eq(users.id, userId))
    .returning({ passkeyCount: users.passkeyCount, email: users.email });
  return row;
}

/**
 * Records a verified use: the new counter and the time, only if the counter is still the one the verification was
 * checked against (a concurrent use of the same credential moved it: this one loses). True when recorded.
 */
export async function recordPasskeyUse(
  db: DbOrTx,
  p: { id: number; expectedCounter: number; newCounter: number; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: p.newCounter, lastUsedAt: p.at })
    .where(and(eq(passkeys.id, p.id), eq(passkeys.counter, p.expectedCounter)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}
