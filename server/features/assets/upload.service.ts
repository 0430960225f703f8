import type { PlanLimits } from "@shared/plans";
import { formatBytes } from "@shared/format";

import { uploadFieldsSchema, type UploadFieldsInput } from "@shared/validators/assets";
import { runInTransaction, type Tx } from "../../db";
import type { AppDeps } from "../../deps";
import { foreignBeneficiary, requireAccess } from "../../lib/access";
import { AppError, paymentRequired } from "../../lib/app-error";
import {
  assertFilesWithinPlan,
  lockUserLimits,
  releaseStorage,
  reserveStorage,
  type CountedCategory,
  type LockedUser,
} from "../../lib/plan-limits";
import type { StagedFile } from "./upload-engine";
import { deleteFileAssetsByIds, insertFileAssets, markFileAssetsCommitted, type FileAssetRow } from "./upload.queries";

type UploadDeps = Pick<AppDeps, "database" | "storage" | "logger">;

const COUNTED: readonly string[] = ["documents", "images", "videos"] satisfies CountedCategory[];

/** 402 naming the storage limit; the quota counts encrypted bytes, which is what occupies the disk. */
function storageExceeded(user: LockedUser, bytes: number): AppError {
  const free = Math.max(0, user.storageLimit - user.storageUsed);
  return paymentRequired(
    `Not enough storage: these files need ${formatBytes(bytes)} and ${formatBytes(free)} of your ` +
      `${formatBytes(user.storageLimit)} is free. Upgrade your plan or buy more storage to lift this limit.`,
  );
}

async function assertUploadRoom(tx: Tx, userId: number, plan: PlanLimits, category: string, adding: number) {
  const byCategory = COUNTED.includes(category) ? { [category as CountedCategory]: adding } : {};
  const ipAssets = category === "intellectual_property" ? adding : undefined;
  await assertFilesWithinPlan(tx, { userId, plan, files: adding, byCategory, ipAssets });
}

/** Checks, reserves and inserts in one transaction; rows stay `pending` until their blobs are in place. */
async function insertPending(deps: UploadDeps, userId: number, fields: UploadFieldsInput, files: StagedFile[]) {
  return runInTransaction(deps.database.db, async (tx) => {
    const user = await lockUserLimits(tx, userId);
    await requireAccess(tx, { userId }, "beneficiary:reference", [fields.assignedToBeneficiary], foreignBeneficiary);
    await assertUploadRoom(tx, userId, user.plan, fields.category, files.length);
    const bytes = files.reduce((sum, f) => sum + f.storedSize, 0);
    if (!(await reserveStorage(tx, userId, bytes))) throw storageExceeded(user, bytes);
    return insertFileAssets(
      tx,
      files.map((f) => ({
        userId,
        fileName: f.storedName,
        originalFileName: f.originalFileName,
        fileSize: f.fileSize,
        storedSize: f.storedSize,
        mimeType: f.mimeType,
        category: fields.category,
        description: fields.description ?? null,
        filePath: f.finalKey,
        sha256: f.sha256,
        kid: f.kid,
        assignedToBeneficiary: fields.assignedToBeneficiary ?? null,
        status: "pending",
      })),
    );
  });
}

async function deleteBlobs(deps: UploadDeps, keys: string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
  // Anything left behind is an orphan the sweeper removes later; log without names or keys of user data.
  const failed = results.filter((r) => r.status === "rejected").length;
  if (failed > 0) deps.logger.warn({ event: "upload_cleanup_failed", failed }, "staged blobs left for the sweeper");
}

/** Deletes the user's file rows `ids` and gives their reserved bytes back (an upload or restore undone). */
export async function deleteFileRows(tx: Tx, userId: number, ids: number[]): Promise<void> {
  await releaseStorage(tx, userId, await deleteFileAssetsByIds(tx, userId, ids));
}

/** Moves every blob into place; on any failure undoes rows, reservation and blobs, then rethrows. */
async function moveIntoPlace(deps: UploadDeps, userId: number, rows: FileAssetRow[], files: StagedFile[]) {
  const moves = await Promise.allSettled(files.map((f) => deps.storage.move(f.stagingKey, f.finalKey)));
  const failure = moves.find((m): m is PromiseRejectedResult => m.status === "rejected");
  if (!failure) return;
  await runInTransaction(deps.database.db, async (tx) => {
    await deleteFileRows(
      tx,
      userId,
      rows.map((r) => r.id),
    );
  });
  await deleteBlobs(
    deps,
    files.flatMap((f) => [f.stagingKey, f.finalKey]),
  );
  throw failure.reason;
}

/**
 * Turns the files multer staged into assets (upload step 2 and 3 of SECURITY-PLAN §3): validate the fields,
 * then one transaction locks the user row, checks plan counts, reserves the (encrypted) bytes and inserts
 * pending rows; then the blobs move from staging to their final keys and the rows become committed. On any
 * failure nothing is left: staged blobs deleted, rows and reservation rolled back. A crash between the steps
 * leaves pending rows and staging blobs that `sweepStaleUploads` removes.
 */
/**
 * `body` is the multipart fields, validated here rather than in the route because a refusal must also delete the
 * files multer has already staged.
 */
export type CreateUploadedAssetsOptions = { userId: number; body: unknown; files: StagedFile[] };

export async function createUploadedAssets(
  deps: UploadDeps,
  input: CreateUploadedAssetsOptions,
): Promise<FileAssetRow[]> {
  const { userId, files } = input;
  let rows: FileAssetRow[];
  try {
    if (files.length === 0) throw new AppError(400, "Please select at least one file to upload.");
    const fields = uploadFieldsSchema.parse(input.body ?? {});
    rows = await insertPending(deps, userId, fields, files);
  } catch (err) {
    await deleteBlobs(
      deps,
      files.map((f) => f.stagingKey),
    );
    throw err;
  }
  await moveIntoPlace(deps, userId, rows, files);
  const ids = rows.map((r) => r.id);
  await markFileAssetsCommitted(deps.database.db, userId, ids);
  return rows.map((r) => ({ ...r, status: "committed" }));
}
