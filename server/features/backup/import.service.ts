import type { RestoreCounts, RestoreResult } from "@shared/backup-format";
import { formatBytes } from "@shared/format";
import { runInTransaction, type Tx } from "../../db";
import type { AppDeps } from "../../deps";
import { paymentRequired } from "../../lib/app-error";
import {
  countIpAssets,
  countUploadsByCategory,
  limitExceeded,
  lockUserForLimits,
  type LockedUser,
} from "../assets/asset-rules";
import { reserveStorage } from "../assets/upload.queries";
import { countBeneficiaries } from "../beneficiaries/beneficiaries.queries";
import { ARCHIVE_LIMITS, openBackupSource } from "./import-archive";
import { stageRestoreFile, type StagedRestoreFile } from "./import-files";
import { parseBackupJson, planRestore, type PlannedFile, type RestorePlan } from "./import-plan";
import { writeRestore } from "./import-writes";
import type { Spool } from "./spool";

type RestoreDeps = Pick<AppDeps, "database" | "storage" | "keyring" | "logger" | "clock">;

const COUNTED_CATEGORIES = ["documents", "images", "videos"] as const;

/** Thrown at the end of a dry run's transaction so that everything it did rolls back; carries the counts. */
class DryRunRollback extends Error {
  constructor(readonly counts: RestoreCounts) {
    super("dry run");
  }
}

/**
 * The plan limits a restore must fit, on top of what the account holds (402 naming the limit). Runs under the
 * user-row lock, like every create, so a restore and a parallel upload can never pass a limit together.
 */
async function assertRoom(tx: Tx, userId: number, plan: RestorePlan, files: PlannedFile[]): Promise<LockedUser> {
  const user = await lockUserForLimits(tx, userId);
  const limits = user.plan;
  if (limits.beneficiaries !== null) {
    const existing = await countBeneficiaries(tx, userId);
    if (existing + plan.beneficiaries.length > limits.beneficiaries) {
      throw limitExceeded("beneficiaries", limits.beneficiaries);
    }
  }
  const uploads = await countUploadsByCategory(tx, userId);
  const existingFiles = [...uploads.values()].reduce((a, b) => a + b, 0);
  if (limits.files !== null && existingFiles + files.length > limits.files) throw limitExceeded("files", limits.files);
  for (const category of COUNTED_CATEGORIES) {
    const limit = limits[category];
    const adding = files.filter((f) => f.category === category).length;
    if (limit !== null && (uploads.get(category) ?? 0) + adding > limit) throw limitExceeded(category, limit);
  }
  if (limits.ipAssets !== null) {
    const ipRecords = plan.typed.find((t) => t.kind.kind === "intellectual_property")?.rows.length ?? 0;
    const adding = ipRecords + files.filter((f) => f.category === "intellectual_property").length;
    if ((await countIpAssets(tx, userId)) + adding > limits.ipAssets) {
      throw limitExceeded("intellectual property assets", limits.ipAssets);
    }
  }
  return user;
}

function storageExceeded(user: LockedUser, bytes: number) {
  const free = Math.max(0, user.storageLimit - user.storageUsed);
  return paymentRequired(
    `Not enough storage: this backup's files need ${formatBytes(bytes)} and ${formatBytes(free)} of your ` +
      `${formatBytes(user.storageLimit)} is free. Upgrade your plan or buy more storage to restore it.`,
  );
}

async function deleteBlobs(deps: RestoreDeps, keys: string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
  const failed = results.filter((r) => r.status === "rejected").length;
  if (failed > 0) deps.logger.warn({ event: "restore_cleanup_failed", failed }, "restore blobs left for the sweeper");
}

/**
 * Restores a backup (.json or .zip, already spooled) into the signed-in account, all or nothing: the archive is
 * checked (limits, names, schema, every record by the API's own rules) and the plan limits are checked before any
 * file is read; each file is verified and re-encrypted into staging; then ONE transaction re-checks the limits under
 * the user lock, reserves the storage, inserts every row and moves the blobs into place. Any failure rolls the rows
 * back and deletes every blob written. A dry run takes the very same path — files encrypted into a counter, the
 * transaction rolled back at its end — so the preview and the restore agree on counts and on refusals.
 */
export async function restoreBackup(
  deps: RestoreDeps,
  input: { userId: number; freeBytes: number; spool: Spool; dryRun: boolean },
): Promise<RestoreResult> {
  const { userId, dryRun } = input;
  const db = deps.database.db;
  const source = await openBackupSource(input.spool, Math.max(0, input.freeBytes) + ARCHIVE_LIMITS.quotaSlackBytes);
  const written: string[] = [];
  let skippedFiles = 0;
  try {
    const plan = planRestore(parseBackupJson(await source.readBackupJson()));
    const withContent = source.kind === "zip" ? plan.files : [];
    skippedFiles = plan.files.length - withContent.length;
    await runInTransaction(db, (tx) => assertRoom(tx, userId, plan, withContent)); // refuse before reading files
    const staged: StagedRestoreFile[] = [];
    for (const file of withContent) {
      const track = (key: string) => written.push(key);
      staged.push(await stageRestoreFile(deps, { userId, source, file, dryRun, track }));
    }
    const created = await runInTransaction(db, async (tx) => {
      const user = await assertRoom(tx, userId, plan, withContent);
      const bytes = staged.reduce((sum, s) => sum + s.storedSize, 0);
      if (!(await reserveStorage(tx, userId, bytes))) throw storageExceeded(user, bytes);
      const counts = await writeRestore(tx, deps, { userId, plan, files: staged, now: deps.clock.now() });
      if (dryRun) throw new DryRunRollback(counts);
      for (const s of staged) {
        written.push(s.finalKey);
        await deps.storage.move(s.stagingKey, s.finalKey);
      }
      return counts;
    });
    deps.logger.info({ event: "backup_restored", userId, created }, "backup restored");
    return { dryRun: false, created, skippedFiles };
  } catch (err) {
    await deleteBlobs(deps, written);
    if (err instanceof DryRunRollback) return { dryRun: true, created: err.counts, skippedFiles };
    throw err;
  } finally {
    source.close();
  }
}
