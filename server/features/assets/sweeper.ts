import { runInTransaction } from "../../db";
import type { AppDeps } from "../../deps";
import { removeStaleTempFiles } from "../../lib/storage";
import { deleteStalePendingAssets, releaseStorage } from "./upload.queries";

export type SweepResult = { pendingRows: number; stagedBlobs: number; tempFiles: number };

/**
 * Removes what interrupted uploads left behind (SECURITY-PLAN §3 step 4): rows still `pending` and staging
 * blobs older than `olderThanMs` (by the app clock), plus the local driver's half-written temp files. Pending
 * rows give their reserved space back in the same transaction that deletes them. Safe to run at start-up and
 * every few minutes, in several processes at once: deletes are idempotent and a row is released only by the
 * transaction that deleted it. Keep `olderThanMs` well above the time between an upload's commit and its blob move
 * (milliseconds), e.g. 15 minutes.
 */
export async function sweepStaleUploads(
  deps: Pick<AppDeps, "database" | "storage" | "clock" | "config" | "logger">,
  olderThanMs: number,
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
    await deps.storage.delete(`staging/${name}`);
  }
  let stagedBlobs = 0;
  for await (const blob of deps.storage.list("staging/")) {
    if (blob.lastModified >= cutoff) continue;
    await deps.storage.delete(blob.key);
    stagedBlobs += 1;
  }
  const tempFiles =
    deps.config.storage.driver === "local" ? await removeStaleTempFiles(deps.config.storage.root, olderThanMs) : 0;
  const result = { pendingRows: removed.length, stagedBlobs, tempFiles };
  if (result.pendingRows + result.stagedBlobs + result.tempFiles > 0)
    deps.logger.info({ event: "upload_sweep", ...result }, "swept stale uploads");
  return result;
}
