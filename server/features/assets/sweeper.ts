import { runInTransaction } from "../../db";
import type { AppDeps } from "../../deps";
import { removeStaleTempFiles } from "../../lib/storage";
import { releaseStorage } from "../../lib/plan-limits";
import { deleteStalePendingAssets, isAnyRestoreRunning, referencedBlobKeys } from "./upload.queries";

export type SweepResult = { pendingRows: number; stagedBlobs: number; restoreBlobs: number; tempFiles: number };

/**
 * What a restore parks (`restore/`) is swept only after a day: far beyond the slowest restore the archive limits
 * allow, so a long restore never loses its spool or its staged files to the sweeper of another process.
 */
export const RESTORE_SWEEP_AGE_MS = 24 * 60 * 60 * 1000;

async function deleteOlder(deps: Pick<AppDeps, "storage">, prefix: "staging/" | "restore/", cutoff: Date) {
  let deleted = 0;
  for await (const blob of deps.storage.list(prefix)) {
    if (blob.lastModified >= cutoff) continue;
    await deps.storage.delete(blob.key);
    deleted += 1;
  }
  return deleted;
}

/**
 * Removes what interrupted uploads and restores left behind (SECURITY-PLAN §3 step 4): rows still `pending` (of no
 * running restore) and staging blobs older than `olderThanMs` (by the app clock), with the blobs those rows point at
 * wherever they had got to, plus the local driver's half-written temp files. Pending rows give their reserved space
 * back in the same transaction that deletes them. Safe to run at start-up and
 * every few minutes, in several processes at once: deletes are idempotent and a row is released only by the
 * transaction that deleted it. Keep `olderThanMs` well above the time between an upload's commit and its blob move
 * (milliseconds), e.g. 15 minutes.
 */
export async function sweepStaleUploads(
  deps: Pick<AppDeps, "database" | "storage" | "clock" | "config" | "logger">,
  olderThanMs: number,
  restoreOlderThanMs = RESTORE_SWEEP_AGE_MS,
): Promise<SweepResult> {
  const cutoff = new Date(deps.clock.now().getTime() - olderThanMs);
  const removed = await runInTransaction(deps.database.db, async (tx) => {
    const rows = await deleteStalePendingAssets(tx, cutoff);
    const byUser = new Map<number, number>();
    for (const row of rows) byUser.set(row.userId, (byUser.get(row.userId) ?? 0) + row.storedSize);
    for (const [userId, bytes] of byUser) await releaseStorage(tx, userId, bytes);
    return rows;
  });
  for (const row of removed) {
    const name = row.filePath.split("/")[1];
    await deps.storage.delete(row.filePath);
    await deps.storage.delete(`staging/${name}`); // an upload's blob not yet moved
    await deps.storage.delete(`restore/${name}`); // a restore's
  }
  const stagedBlobs = await deleteOlder(deps, "staging/", cutoff);
  const restoreBlobs = await deleteOlder(deps, "restore/", new Date(deps.clock.now().getTime() - restoreOlderThanMs));
  const tempFiles =
    deps.config.storage.driver === "local" ? await removeStaleTempFiles(deps.config.storage.root, olderThanMs) : 0;
  const result = { pendingRows: removed.length, stagedBlobs, restoreBlobs, tempFiles };
  if (result.pendingRows + result.stagedBlobs + result.restoreBlobs + result.tempFiles > 0)
    deps.logger.info({ event: "upload_sweep", ...result }, "swept stale uploads");
  return result;
}

/**
 * Deletes committed-area blobs (`blobs/`) that no file row points at: a blob whose delete failed after its row was
 * gone, or one a server of an older version moved into place inside a restore transaction that then died. Uploads
 * and restores cannot leave one any more: their (pending) rows exist before their blobs move in. While some process
 * holds a live restore lease, only blobs older than a day go; otherwise every unreferenced blob written before this
 * sweep began. Lists the whole blob store, so it runs at start-up and hourly.
 */
export async function sweepOrphanBlobs(
  deps: Pick<AppDeps, "database" | "storage" | "clock" | "logger">,
  restoreOlderThanMs = RESTORE_SWEEP_AGE_MS,
): Promise<number> {
  const startedAt = deps.clock.now();
  const db = deps.database.db;
  const cutoff = (await isAnyRestoreRunning(db)) ? new Date(startedAt.getTime() - restoreOlderThanMs) : startedAt;
  let deleted = 0;
  let batch: string[] = [];
  const flush = async () => {
    const referenced = await referencedBlobKeys(db, batch);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await deps.storage.delete(key);
      deleted += 1;
    }
    batch = [];
  };
  for await (const blob of deps.storage.list("blobs/")) {
    if (blob.lastModified >= cutoff) continue;
    batch.push(blob.key);
    if (batch.length >= 500) await flush();
  }
  await flush();
  if (deleted > 0) deps.logger.info({ event: "orphan_blob_sweep", deleted }, "swept blobs no file points at");
  return deleted;
}
