import { randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { jobLeases } from "@shared/schema";
import type { Db } from "../db";
import { AppError } from "./app-error";

export type UserLocks = {
  /** Takes the user's slot or throws 429 with `message`; the returned function frees it (idempotent). */
  acquire(userId: number, message: string): Promise<() => Promise<void>>;
  isHeld(userId: number): Promise<boolean>;
};

/** A lease outlives two missed renewals; a holder that crashed frees the slot after at most this long. */
export const LEASE_MS = 30 * 1000;
const RENEW_EVERY_MS = LEASE_MS / 3;

/**
 * At start-up on the embedded engine: its data directory belongs to this one process, so any lease in it was left by
 * a crash of this same server and can go at once (on a shared PostgreSQL, leases of other processes run out instead).
 */
export async function releaseLeasesOfDeadProcess(db: Db): Promise<void> {
  // eslint-disable-next-line drizzle/enforce-delete-with-where -- every lease: none can belong to a live process
  await db.delete(jobLeases);
}

/**
 * One running job of `kind` per user (an export streaming, a restore writing, an upload streaming in), across every
 * server process: a lease row in job_leases, taken with one conditional upsert (free, or expired), renewed while the
 * job runs, and deleted when it ends. Times are the database's own, so processes with skewed clocks agree.
 */
export function createUserLocks(deps: { db: Db; logger: Logger }, kind: "export" | "restore" | "upload"): UserLocks {
  const { db, logger } = deps;
  const expiry = sql`now() + ${LEASE_MS} * interval '1 millisecond'`;
  /** Releases of this process still on their way to the database, by user: a job that follows waits for them. */
  const releasing = new Map<number, Promise<void>>();
  /** Leases of this process whose release could not reach the database (an outage): dead, to delete at the next try. */
  const unreleased = new Map<number, string>();

  return {
    async acquire(userId, message) {
      // A user who starts the next export the moment the last one's final byte arrives must not be told that one
      // is still running: its lease release may not have reached the database yet.
      await releasing.get(userId);
      // A job of this process ended while the database was away: its lease is known to be dead, so it goes now
      // instead of making the user wait for it to run out.
      const stale = unreleased.get(userId);
      if (stale) {
        await db
          .delete(jobLeases)
          .where(and(eq(jobLeases.userId, userId), eq(jobLeases.kind, kind), eq(jobLeases.holder, stale)));
        unreleased.delete(userId);
      }
      const holder = randomBytes(16).toString("hex");
      const taken = await db
        .insert(jobLeases)
        .values({ userId, kind, holder, expiresAt: expiry })
        .onConflictDoUpdate({
          target: [jobLeases.userId, jobLeases.kind],
          set: { holder, expiresAt: expiry },
          setWhere: sql`${jobLeases.expiresAt} < now()`,
        })
        .returning({ holder: jobLeases.holder });
      if (taken[0]?.holder !== holder) {
        const [held] = await db
          .select({
            ms: sql<number>`greatest(0, extract(epoch from ${jobLeases.expiresAt} - now()) * 1000)`.mapWith(Number),
          })
          .from(jobLeases)
          .where(and(eq(jobLeases.userId, userId), eq(jobLeases.kind, kind)));
        const seconds = Math.max(1, Math.ceil((held?.ms ?? 1000) / 1000));
        throw new AppError(429, message, undefined, { "Retry-After": String(seconds) });
      }

      const mine = and(eq(jobLeases.userId, userId), eq(jobLeases.kind, kind), eq(jobLeases.holder, holder));
      const renewal = setInterval(() => {
        db.update(jobLeases)
          .set({ expiresAt: expiry })
          .where(mine)
          .catch((err: unknown) => logger.warn({ err, event: "lease_renewal_failed", kind }, "lease not renewed"));
      }, RENEW_EVERY_MS);
      renewal.unref();
      let released: Promise<void> | undefined;
      return () => {
        released ??= (async () => {
          clearInterval(renewal);
          try {
            await db.delete(jobLeases).where(mine);
          } catch (err) {
            // The lease runs out by itself (for other processes); this one deletes it at the user's next job.
            unreleased.set(userId, holder);
            logger.warn({ err, event: "lease_release_failed", kind }, "lease left to expire");
          } finally {
            if (releasing.get(userId) === released) releasing.delete(userId);
          }
        })();
        releasing.set(userId, released);
        return released;
      };
    },

    async isHeld(userId) {
      // Asked the moment a job's last byte went out, the answer must not be a lease whose release is on its way.
      await releasing.get(userId);
      const rows = await db
        .select({ holder: jobLeases.holder })
        .from(jobLeases)
        .where(and(eq(jobLeases.userId, userId), eq(jobLeases.kind, kind), gt(jobLeases.expiresAt, sql`now()`)))
        .limit(1);
      return rows.length > 0;
    },
  };
}
