import type { RestoreCounts, RestoreResult } from "@shared/backup-format";
import { formatBytes } from "@shared/format";
import { runInTransaction, type Tx } from "../../db";
import type { AppDeps } from "../../deps";
import { paymentRequired } from "../../lib/app-error";
import {
  assertFilesWithinPlan,
  assertWithinPlan,
  lockUserLimits,
  reserveStorage,
  type LockedUser,
} from "../../lib/plan-limits";
import { deleteFileRows } from "../assets/upload.service";
import { countOwnBeneficiaries } from "../beneficiaries/beneficiaries.service";
import { openBackupSource, restoreJsonLimit, restoreSlackBytes } from "./import-archive";
import { stageRestoreFile, type StagedRestoreFile } from "./import-files";
import { parseBackupJson, planRestore, type PlannedFile, type RestorePlan } from "./import-plan";
import { insertPendingFiles, writeRestore } from "./import-writes";
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
  const user = await lockUserLimits(tx, userId);
  const limits = user.plan;
  if (limits.beneficiaries !== null) {
    const current = await countOwnBeneficiaries(tx, userId);
    const adding = plan.beneficiaries.length;
    assertWithinPlan({ limit: limits.beneficiaries, current, adding, what: "beneficiaries" });
  }
  const countOf = (category: string) => files.filter((f) => f.category === category).length;
  const ipRecords = plan.typed.find((t) => t.kind.kind === "intellectual_property")?.rows.length ?? 0;
  await assertFilesWithinPlan(tx, {
    userId,
    plan: limits,
    files: files.length,
    byCategory: Object.fromEntries(COUNTED_CATEGORIES.map((c) => [c, countOf(c)])),
    ipAssets: ipRecords + countOf("intellectual_property"),
  });
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

type Reserved = { staged: StagedRestoreFile[]; rowIds: number[] };

/**
 * Step 1 of 3: under the user lock, the plan limits re-checked, the files' encrypted bytes reserved and their rows
 * inserted `pending`. Records are not written yet: they become visible only with the files, in step 3.
 */
async function reserveFiles(deps: RestoreDeps, userId: number, plan: RestorePlan, staged: StagedRestoreFile[]) {
  return runInTransaction(deps.database.db, async (tx) => {
    const user = await assertRoom(
      tx,
      userId,
      plan,
      staged.map((s) => s.file),
    );
    const bytes = staged.reduce((sum, s) => sum + s.storedSize, 0);
    if (!(await reserveStorage(tx, userId, bytes))) throw storageExceeded(user, bytes);
    return insertPendingFiles(tx, userId, staged);
  });
}

/** Undoes step 1 after a later step failed: the pending rows go and their reserved bytes come back. */
async function releaseFiles(deps: RestoreDeps, userId: number, rowIds: number[]): Promise<void> {
  if (rowIds.length === 0) return;
  await runInTransaction(deps.database.db, async (tx) => {
    await deleteFileRows(tx, userId, rowIds);
  });
}

/**
 * Step 3 of 3: one transaction writes every record and commits the pending file rows. The files already hold their
 * slots (pending rows count toward the plan), so only the records are checked again, under the user lock.
 */
async function commitRestore(deps: RestoreDeps, userId: number, plan: RestorePlan, reserved: Reserved) {
  return runInTransaction(deps.database.db, async (tx) => {
    await assertRoom(tx, userId, plan, []);
    const files = reserved.staged.map((s, i) => ({ rowId: reserved.rowIds[i], file: s.file }));
    return writeRestore(tx, deps, { userId, plan, files, now: deps.clock.now() });
  });
}

/** A dry run: the real checks and writes in one transaction, rolled back at its end; no blob moves. */
async function previewRestore(deps: RestoreDeps, userId: number, plan: RestorePlan, staged: StagedRestoreFile[]) {
  try {
    await runInTransaction(deps.database.db, async (tx) => {
      const user = await assertRoom(
        tx,
        userId,
        plan,
        staged.map((s) => s.file),
      );
      const bytes = staged.reduce((sum, s) => sum + s.storedSize, 0);
      if (!(await reserveStorage(tx, userId, bytes))) throw storageExceeded(user, bytes);
      const rowIds = await insertPendingFiles(tx, userId, staged);
      const files = staged.map((s, i) => ({ rowId: rowIds[i], file: s.file }));
      throw new DryRunRollback(await writeRestore(tx, deps, { userId, plan, files, now: deps.clock.now() }));
    });
  } catch (err) {
    if (err instanceof DryRunRollback) return err.counts;
    throw err;
  }
  throw new Error("a dry run must roll back");
}

/**
 * Restores a backup (.json or .zip, already spooled) into the signed-in account, all or nothing: the archive is
 * checked (limits, names, schema, every record by the API's own rules) and the plan limits are checked before any
 * file is read; each file is verified and re-encrypted into staging (`restore/`). Then, as uploads do, no storage
 * work ever runs inside a transaction (on the embedded engine one transaction holds the only connection, so every
 * other request would wait for it): (1) one transaction re-checks the limits, reserves the storage and inserts the
 * file rows `pending`; (2) the blobs move to their final keys; (3) one transaction writes every record and commits
 * the file rows — the only moment anything becomes visible. A failure undoes (1) and deletes every blob written; a
 * crash leaves pending rows and blobs that the sweeper removes once this restore's lease has run out. A dry run takes
 * the same checks and writes in one transaction, rolled back — files encrypted into a counter — so the preview and
 * the restore agree on counts and on refusals.
 */
export async function restoreBackup(
  deps: RestoreDeps,
  input: { userId: number; freeBytes: number; storageLimit: number; spool: Spool; dryRun: boolean },
): Promise<RestoreResult> {
  const { userId, dryRun } = input;
  const db = deps.database.db;
  const source = await openBackupSource(input.spool, {
    quotaBytes: Math.max(0, input.freeBytes) + restoreSlackBytes(input.storageLimit),
    maxJsonBytes: restoreJsonLimit(input.storageLimit),
  });
  const written: string[] = [];
  let reserved: Reserved | undefined;
  try {
    const plan = planRestore(parseBackupJson(await source.readBackupJson()));
    const withContent = source.kind === "zip" ? plan.files : [];
    const skippedFiles = plan.files.length - withContent.length;
    await runInTransaction(db, (tx) => assertRoom(tx, userId, plan, withContent)); // refuse before reading files
    const staged: StagedRestoreFile[] = [];
    for (const file of withContent) {
      const track = (key: string) => written.push(key);
      staged.push(await stageRestoreFile(deps, { userId, source, file, dryRun, track }));
    }
    if (dryRun) return { dryRun: true, created: await previewRestore(deps, userId, plan, staged), skippedFiles };
    reserved = { staged, rowIds: await reserveFiles(deps, userId, plan, staged) };
    for (const s of staged) {
      written.push(s.finalKey);
      await deps.storage.move(s.stagingKey, s.finalKey);
    }
    const created = await commitRestore(deps, userId, plan, reserved);
    // committed: nothing to undo any more
    reserved = undefined;
    written.length = 0;
    deps.logger.info({ event: "backup_restored", userId, created }, "backup restored");
    return { dryRun: false, created, skippedFiles };
  } catch (err) {
    if (reserved) {
      await releaseFiles(deps, userId, reserved.rowIds).catch((cleanup: unknown) => {
        // The rows stay pending and invisible; the sweeper deletes them and gives their bytes back.
        deps.logger.warn(
          { err: cleanup, event: "restore_release_failed" },
          "pending restore rows left for the sweeper",
        );
      });
    }
    await deleteBlobs(deps, written);
    throw err;
  } finally {
    source.close();
  }
}
