import { and, eq, lt } from "drizzle-orm";
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

/** Adds the device; false when a racing sign-in of the same browser added it first. */
export async function insertKnownDevice(db: DbOrTx, p: { userId: number; tokenHash: string; now: Date }) {
  const rows = await db
    .insert(knownDevices)
    .values({ userId: p.userId, tokenHash: p.tokenHash, createdAt: p.now, lastSeenAt: p.now })
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
