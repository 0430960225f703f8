import { eq } from "drizzle-orm";
import { userKeys } from "@shared/schema";
import type { DbOrTx } from "../../db";
import type { WrappedDataKey } from "../../lib/crypto/field-crypto";

export async function findWrappedUserKey(db: DbOrTx, userId: number): Promise<WrappedDataKey | undefined> {
  const [row] = await db
    .select({ wrapped: userKeys.wrappedKey, kid: userKeys.kid })
    .from(userKeys)
    .where(eq(userKeys.userId, userId))
    .limit(1);
  return row;
}

/** Inserts the user's first key; a concurrent insert wins silently (the caller re-reads whichever key stands). */
export async function insertWrappedUserKeyIfAbsent(db: DbOrTx, userId: number, key: WrappedDataKey): Promise<void> {
  await db.insert(userKeys).values({ userId, wrappedKey: key.wrapped, kid: key.kid }).onConflictDoNothing();
}
