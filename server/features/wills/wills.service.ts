import type { DigitalWill } from "@shared/schema";
import type { SaveWillInput } from "@shared/validators/wills";
import { runInTransaction, type DbOrTx } from "../../db";
import type { AppDeps } from "../../deps";
import { conflict, notFound } from "../../lib/app-error";
import { encryptSensitive } from "../../lib/crypto/field-secrets";
import { lockUser } from "../../lib/plan-limits";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";
import { WILL_SECRETS, decryptWills, needsDataKey } from "./will-secrets";
import * as q from "./wills.queries";

export type WillDeps = Pick<AppDeps, "database" | "keyring" | "logger" | "clock">;

export type ListWillsOptions = { userId: number };
export type GetActiveWillOptions = { userId: number };
export type GetWillOptions = { userId: number; id: number };
/** `input` is validated by the route (saveWillSchema). */
export type SaveWillOptions = { userId: number; input: SaveWillInput };

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

/** The rows decrypted for their owner; the data key is read only when a row holds ciphertext. */
async function readable(deps: WillDeps, db: DbOrTx, userId: number, wills: DigitalWill[]): Promise<DigitalWill[]> {
  const dek = needsDataKey(wills) ? await getOrCreateUserDataKey(db, deps.keyring, userId) : undefined;
  return decryptWills(dek, userId, wills, deps.logger);
}

/** All versions of the owner's will, newest first (the history and its diff need every version's text). */
export async function listWills(deps: WillDeps, params: ListWillsOptions): Promise<DigitalWill[]> {
  const db = deps.database.db;
  return readable(deps, db, params.userId, await q.listWills(db, params.userId));
}

/** The owner's active will, or null when none was saved yet. */
export async function getActiveWill(deps: WillDeps, params: GetActiveWillOptions): Promise<DigitalWill | null> {
  const db = deps.database.db;
  const will = await q.findActiveWill(db, params.userId);
  return will ? (await readable(deps, db, params.userId, [will]))[0] : null;
}

/** One version of the owner's will; another user's id is the same 404 as a missing one. */
export async function getWill(deps: WillDeps, params: GetWillOptions): Promise<DigitalWill> {
  const db = deps.database.db;
  const will = await q.findWill(db, params);
  if (!will) throw notFound();
  return (await readable(deps, db, params.userId, [will]))[0];
}

/**
 * Makes room for a new active version (a restore writing wills): archives every active will of the user and answers
 * the next version number. Call in the writing transaction, under the owner's row lock or with the user's restore
 * lease held.
 */
export async function archiveWillsForNewVersion(tx: DbOrTx, userId: number, now: Date): Promise<number> {
  await q.archiveActiveWills(tx, userId, now);
  return q.nextWillVersion(tx, userId);
}

/**
 * Saves a new active version and archives every earlier one in one transaction. The owner's row lock orders
 * concurrent saves (versions stay unique); the partial unique index is the last line: should two saves still
 * collide, the loser answers 409 rather than leaving two active wills. The id is drawn first because the title's
 * and content's AAD name their row.
 */
export async function saveWill(deps: WillDeps, params: SaveWillOptions): Promise<DigitalWill> {
  const { userId, input } = params;
  const now = deps.clock.now();
  try {
    const row = await runInTransaction(deps.database.db, async (tx) => {
      // The owner's row lock: saves of one user run one after another, so versions never repeat.
      if (!(await lockUser(tx, userId))) throw notFound();
      await q.archiveActiveWills(tx, userId, now);
      const version = await q.nextWillVersion(tx, userId);
      const id = await q.nextWillId(tx);
      const dek = await getOrCreateUserDataKey(tx, deps.keyring, userId);
      const sealed = encryptSensitive(WILL_SECRETS, dek, { userId, rowId: id }, { ...input });
      return q.insertWill(tx, {
        ...(sealed as Pick<DigitalWill, "title" | "content" | "encVersion">),
        id,
        userId,
        version,
        isActive: true,
        createdAt: now,
        updatedAt: now,
      });
    });
    return { ...row, title: input.title, content: input.content };
  } catch (err) {
    if (isActiveWillCollision(err)) throw conflict(CONCURRENT_SAVE_MESSAGE);
    throw err;
  }
}
