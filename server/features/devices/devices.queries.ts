import { and, desc, eq, lt } from "drizzle-orm";
import { knownDevices } from "@shared/schema";
import type { DbOrTx } from "../../db";

/** Marks the user's device seen now; false when this browser is not one of theirs. */
export async function touchKnownDevice(db: DbOrTx, p: { userId: number; tokenHash: string; now: Date }) {
  const rows = await db
    .update(knownDevices)
    .set({ lastSeenAt: p.now })
    .where(and(eq(knownDevices.userId, p.userId), eq(knownDevices.tokenHash, p.tokenHash)))
    .returning({ id: knownDevices.id });
  return rows.length === 1;
}

export async function hasKnownDevices(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/**
 * A browser whose cookie is gone but whose family and network match one of the user's devices: that device takes the
 * new cookie. False when none matches.
 */
export async function rebindBySignature(
  db: DbOrTx,
  p: { userId: number; signature: string; tokenHash: string; now: Date },
): Promise<boolean> {
  const [match] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, p.userId), eq(knownDevices.signature, p.signature)))
    .orderBy(desc(knownDevices.lastSeenAt))
    .limit(1);
  if (!match) return false;
  await db
    .update(knownDevices)
    .set({ tokenHash: p.tokenHash, lastSeenAt: p.now })
    .where(and(eq(knownDevices.id, match.id), eq(knownDevices.userId, p.userId)));
  return true;
}

/** Adds the device; false when a racing sign-in of the same browser added it first. */
export async function insertKnownDevice(
  db: DbOrTx,
  p: { userId: number; tokenHash: string; signature: string; now: Date },
) {
  const rows = await db
    .insert(knownDevices)
    .values({ userId: p.userId, tokenHash: p.tokenHash, signature: p.signature, createdAt: p.now, lastSeenAt: p.now })
    .onConflictDoNothing()
    .returning({ id: knownDevices.id });
  return rows.length === 1;
}

/** Forgets the user's devices not seen since `before` (their cookie has expired by then). */
export async function forgetStaleDevices(db: DbOrTx, p: { userId: number; before: Date }) {
  await db.delete(knownDevices).where(and(eq(knownDevices.userId, p.userId), lt(knownDevices.lastSeenAt, p.before)));
}

export async function forgetAllDevices(db: DbOrTx, userId: number) {
  await db.delete(knownDevices).where(eq(knownDevices.userId, userId));
}
