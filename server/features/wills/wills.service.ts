import type { DigitalWill } from "@shared/schema";
import type { SaveWillInput } from "@shared/validators/wills";
import { runInTransaction, type Db } from "../../db";
import { conflict, notFound } from "../../lib/app-error";
import * as q from "./wills.queries";

export const CONCURRENT_SAVE_MESSAGE = "Another save happened at the same time. Please try again.";
const ONE_ACTIVE_INDEX = "digital_wills_one_active_idx";

/** True for PostgreSQL's unique violation on the one-active-will index, wherever drizzle wrapped it. */
export function isActiveWillCollision(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e instanceof Error; depth += 1) {
    const { code, constraint } = e as Error & { code?: unknown; constraint?: unknown };
    if (code === "23505" && (constraint === undefined || constraint === ONE_ACTIVE_INDEX)) return true;
    e = (e as Error & { cause?: unknown }).cause;
  }
  return false;
}

/** All versions of the owner's will, newest first. */
export function listWills(db: Db, params: { userId: number }): Promise<DigitalWill[]> {
  return q.listWills(db, params.userId);
}

/** The owner's active will, or null when none was saved yet. */
export async function getActiveWill(db: Db, params: { userId: number }): Promise<DigitalWill | null> {
  return (await q.findActiveWill(db, params.userId)) ?? null;
}

/** One version of the owner's will; another user's id is the same 404 as a missing one. */
export async function getWill(db: Db, params: { userId: number; id: number }): Promise<DigitalWill> {
  const will = await q.findWill(db, params);
  if (!will) throw notFound();
  return will;
}

/**
 * Saves a new active version and archives every earlier one in one transaction. The owner's row lock orders
 * concurrent saves (versions stay unique); the partial unique index is the last line: should two saves still
 * collide, the loser answers 409 rather than leaving two active wills.
 */
export async function saveWill(
  db: Db,
  params: { userId: number; input: SaveWillInput; now: Date },
): Promise<DigitalWill> {
  const { userId, input, now } = params;
  try {
    return await runInTransaction(db, async (tx) => {
      if (!(await q.lockOwner(tx, userId))) throw notFound();
      await q.archiveActiveWills(tx, userId, now);
      const version = await q.nextWillVersion(tx, userId);
      return q.insertWill(tx, {
        userId,
        title: input.title,
        content: input.content,
        version,
        isActive: true,
        createdAt: now,
        updatedAt: now,
      });
    });
  } catch (err) {
    if (isActiveWillCollision(err)) throw conflict(CONCURRENT_SAVE_MESSAGE);
    throw err;
  }
}
