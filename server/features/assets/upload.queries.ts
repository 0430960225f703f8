import { and, eq, inArray, lt, notExists, sql } from "drizzle-orm";
import { digitalAssets, jobLeases } from "@shared/schema";
import type { DbOrTx, Tx } from "../../db";

export type NewFileAsset = typeof digitalAssets.$inferInsert;
export type FileAssetRow = typeof digitalAssets.$inferSelect;

export async function insertFileAssets(tx: Tx, rows: NewFileAsset[]) {
  return tx.insert(digitalAssets).values(rows).returning();
}

export async function markFileAssetsCommitted(db: DbOrTx, userId: number, ids: number[]): Promise<void> {
  await db
    .update(digitalAssets)
    .set({ status: "committed" })
    .where(and(eq(digitalAssets.userId, userId), inArray(digitalAssets.id, ids)));
}

/** Removes this user's rows of a failed upload and answers the bytes they had reserved. */
export async function deleteFileAssetsByIds(tx: Tx, userId: number, ids: number[]): Promise<number> {
  const rows = await tx
    .delete(digitalAssets)
    .where(and(eq(digitalAssets.userId, userId), inArray(digitalAssets.id, ids)))
    .returning({ storedSize: digitalAssets.storedSize });
  return rows.reduce((sum, r) => sum + r.storedSize, 0);
}

/**
 * Rows stuck in `pending` since before `cutoff`: the process died between an upload's or a restore's first commit and
 * its last. Rows of a user whose restore is still running (its lease renewed) are spared: a restore's files may stay
 * pending while a large archive's blobs are moved; once the restore stopped renewing (it crashed), its lease runs out
 * and the rows go.
 */
export async function deleteStalePendingAssets(tx: Tx, cutoff: Date) {
  const restoreRunning = tx
    .select({ userId: jobLeases.userId })
    .from(jobLeases)
    .where(
      and(
        eq(jobLeases.userId, digitalAssets.userId),
        eq(jobLeases.kind, "restore"),
        sql`${jobLeases.expiresAt} > now()`,
      ),
    );
  return tx
    .delete(digitalAssets)
    .where(and(eq(digitalAssets.status, "pending"), lt(digitalAssets.createdAt, cutoff), notExists(restoreRunning)))
    .returning({
      userId: digitalAssets.userId,
      storedSize: digitalAssets.storedSize,
      filePath: digitalAssets.filePath,
    });
}

/** Which of these blob keys a file row (pending or committed) points at. */
export async function referencedBlobKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ filePath: digitalAssets.filePath })
    .from(digitalAssets)
    .where(inArray(digitalAssets.filePath, keys));
  return new Set(rows.map((r) => r.filePath));
}

/**
 * True while some process holds a live restore lease. Restores now insert their file rows before moving blobs, so
 * this only keeps the orphan sweep cautious towards a server of an older version during a rolling update.
 */
export async function isAnyRestoreRunning(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ userId: jobLeases.userId })
    .from(jobLeases)
    .where(and(eq(jobLeases.kind, "restore"), sql`${jobLeases.expiresAt} > now()`))
    .limit(1);
  return rows.length > 0;
}
