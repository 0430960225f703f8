import { and, asc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { digitalAssets, users } from "@shared/schema";
import { runInTransaction } from "../../db";
import type { AppDeps } from "../../deps";
import { decryptStream, encryptStream } from "../../lib/crypto/file-crypto";
import { newBlobKey } from "../../lib/storage";
import { fileIdFor } from "../../lib/files/file-ids";

type ReencryptDeps = Pick<AppDeps, "database" | "storage" | "keyring" | "logger">;
export type ReencryptResult = { reencrypted: number; skipped: number; failed: number };

/** The committed files whose data key is not wrapped by the current master key (or whose kid was never recorded). */
function notUnderCurrentKid(currentKid: string, afterId: number) {
  return and(
    eq(digitalAssets.status, "committed"),
    or(isNull(digitalAssets.kid), ne(digitalAssets.kid, currentKid)),
    gt(digitalAssets.id, afterId),
  );
}

/**
 * Re-encrypts every stored file under the current master key, so an old key can be retired (field data keys only
 * need re-wrapping, `npm run keys:rewrap`; a file's data key sits in its blob's authenticated header, so the blob is
 * rewritten). Each file streams blob → verified decryption → encryption → a staging blob (never whole in memory,
 * never plaintext at rest), then one transaction, holding the row, swaps the blob in place and records the kid and
 * the new stored size (usage follows). Resumable and safe beside live traffic: a file deleted meanwhile is skipped
 * and its staging blob removed; a crash leaves either the old blob or the new one (both decrypt while both keys are
 * held) and the row is redone on the next run.
 */
export async function reencryptFiles(deps: ReencryptDeps, opts: { batchSize?: number } = {}): Promise<ReencryptResult> {
  const { db } = deps.database;
  const currentKid = deps.keyring.currentKid;
  const result: ReencryptResult = { reencrypted: 0, skipped: 0, failed: 0 };
  let afterId = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(digitalAssets)
      .where(notUnderCurrentKid(currentKid, afterId))
      .orderBy(asc(digitalAssets.id))
      .limit(opts.batchSize ?? 100);
    if (batch.length === 0) return result;
    for (const row of batch) {
      afterId = row.id;
      const fileId = fileIdFor(row.userId, row.fileName);
      const staging = newBlobKey("staging");
      try {
        const plaintext = decryptStream(deps.keyring, await deps.storage.get(row.filePath), { fileId });
        const { bytes } = await deps.storage.put(staging, encryptStream(deps.keyring, plaintext, { fileId }));
        const swapped = await runInTransaction(db, async (tx) => {
          const [live] = await tx
            .select({ storedSize: digitalAssets.storedSize })
            .from(digitalAssets)
            .where(and(eq(digitalAssets.id, row.id), eq(digitalAssets.filePath, row.filePath)))
            .for("update");
          if (!live) return false;
          await deps.storage.move(staging, row.filePath);
          await tx
            .update(digitalAssets)
            .set({ kid: currentKid, storedSize: bytes })
            .where(eq(digitalAssets.id, row.id));
          await tx
            .update(users)
            .set({ storageUsed: sql`greatest(${users.storageUsed} + ${bytes - live.storedSize}, 0)` })
            .where(eq(users.id, row.userId));
          return true;
        });
        if (swapped) result.reencrypted += 1;
        else {
          result.skipped += 1;
          await deps.storage.delete(staging);
        }
      } catch (err) {
        // One unreadable file (missing blob, a kid no longer held) must not stop the rest; it is reported and kept.
        result.failed += 1;
        await deps.storage.delete(staging).catch(() => undefined);
        deps.logger.error({ err, event: "file_reencrypt_failed", assetId: row.id }, "file not re-encrypted");
      }
    }
  }
}
