import { and, eq, ne } from "drizzle-orm";
import { userKeys } from "@shared/schema";
import type { Db } from "../../db";
import { rewrapDataKey } from "../../lib/crypto/field-crypto";
import type { Keyring } from "../../lib/crypto/keyring";

export type RewrapOptions = {
  batchSize?: number;
  /** Called after each row is committed (tests stop the run here to stand for a process killed halfway). */
  afterRow?: (userId: number) => void | Promise<void>;
};

/**
 * Re-wraps every per-user data key under the keyring's current kid (`npm run keys:rewrap`) and answers how many
 * rows it changed. Resumable after a kill at any point: each row is one UPDATE (committed whole or not at all),
 * conditional on the wrapping it read, and rows already under the current kid are never selected again. The data
 * key itself never changes, so field values stay readable under either wrapping throughout (CRY-04).
 */
export async function rewrapUserKeys(db: Db, keyring: Keyring, opts: RewrapOptions = {}): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(userKeys)
      .where(ne(userKeys.kid, keyring.currentKid))
      .limit(opts.batchSize ?? 500);
    if (batch.length === 0) return done;
    for (const row of batch) {
      const next = rewrapDataKey(keyring, { wrapped: row.wrappedKey, kid: row.kid });
      const changed = await db
        .update(userKeys)
        .set({ wrappedKey: next.wrapped, kid: next.kid })
        .where(and(eq(userKeys.userId, row.userId), eq(userKeys.kid, row.kid), eq(userKeys.wrappedKey, row.wrappedKey)))
        .returning({ userId: userKeys.userId });
      done += changed.length;
      await opts.afterRow?.(row.userId);
    }
  }
}
