import { auditEvents } from "@shared/schema";
import type { WillExecutionDto } from "@shared/api-types";
import { runInTransaction } from "../../db";
import type { AppDeps } from "../../deps";
import { AppError, conflict, notFound } from "../../lib/app-error";
import { lockUser } from "../../lib/plan-limits";
import { deleteAsset, openAssetDownload, type AssetDownload } from "../assets/assets.service";
import type { StagedFile } from "../assets/upload-engine";
import { createUploadedAssets } from "../assets/upload.service";
import { EXECUTION_MESSAGES_409, describeExecution, loadExecution, type ExecutionTarget } from "./execution.service";
import * as q from "./execution.queries";

type ScanDeps = Pick<AppDeps, "database" | "keyring" | "logger" | "clock" | "storage">;

/** A scan or photo of the signed pages: a PDF or an image, one file. */
export const SCAN_MIME_TYPES: readonly string[] = ["application/pdf", "image/jpeg", "image/png"];
export const SCAN_MESSAGES = {
  one: "Upload one file: a PDF scan or a photo (JPG or PNG) of the signed pages.",
  type: "The signed pages must be a PDF, JPG or PNG file.",
} as const;

/** 404 for a foreign or missing version, 409 unless its record is ready: checked before the body is read. */
export async function assertReadyForScan(deps: ScanDeps, target: ExecutionTarget): Promise<void> {
  const { execution } = await loadExecution(deps, deps.database.db, target);
  if (!execution) throw notFound();
  if (execution.status !== "ready") throw conflict(EXECUTION_MESSAGES_409.notReady);
}

export type RecordExecutionOptions = ExecutionTarget & { files: StagedFile[] };

/**
 * ready → executed with the uploaded scan. The scan is stored as the owner's file, encrypted and counted like any
 * upload (category "documents"); then one transaction, under the owner's row lock, supersedes the earlier executed
 * will and moves this record from ready to executed (conditional; the partial unique index is the last guard). If
 * the record moved meanwhile, the file is removed again and the call answers 409.
 */
export async function recordExecution(deps: ScanDeps, opts: RecordExecutionOptions): Promise<WillExecutionDto> {
  const { userId, willId, files } = opts;
  const [file] = files;
  const refusal =
    files.length !== 1
      ? new AppError(400, SCAN_MESSAGES.one)
      : !SCAN_MIME_TYPES.includes(file.mimeType)
        ? new AppError(415, SCAN_MESSAGES.type)
        : undefined;
  if (refusal) {
    await Promise.allSettled(files.map((f) => deps.storage.delete(f.stagingKey)));
    throw refusal;
  }
  const { will } = await loadExecution(deps, deps.database.db, { userId, willId });
  const [asset] = await createUploadedAssets(deps, {
    userId,
    body: { category: "documents", description: `Signed will, version ${will.version}` },
    files,
  });
  const now = deps.clock.now();
  try {
    return await runInTransaction(deps.database.db, async (tx) => {
      if (!(await lockUser(tx, userId))) throw notFound();
      await q.supersedeExecuted(tx, { userId, willId }, now);
      const row = await q.updateOpenExecution(
        tx,
        { userId, willId, expected: "ready" },
        { status: "executed", scanAssetId: asset.id, executedAt: now, updatedAt: now },
      );
      if (!row) throw conflict(EXECUTION_MESSAGES_409.notReady);
      // the owner's activity shows the signing (no names or places: those stay in the encrypted record)
      await tx.insert(auditEvents).values({
        at: now,
        actorId: userId,
        subjectUserId: userId,
        action: "will_executed",
        target: `will:${willId}`,
        details: { version: will.version, scanFileId: asset.id },
      });
      const { execution } = await loadExecution(deps, tx, { userId, willId });
      if (!execution) throw notFound();
      return describeExecution(deps, tx, execution, will.version);
    });
  } catch (err) {
    await deleteAsset(deps, { userId, id: asset.id }).catch(() => undefined);
    throw err;
  }
}

/** The signed pages of the owner's version, streamed from its encrypted file; 404 when there is none. */
export async function openScanDownload(
  deps: ScanDeps,
  target: ExecutionTarget,
): Promise<{ assetId: number; download: AssetDownload }> {
  const { execution } = await loadExecution(deps, deps.database.db, target);
  if (!execution?.scanAssetId) throw notFound();
  const assetId = execution.scanAssetId;
  return { assetId, download: await openAssetDownload(deps, { userId: target.userId, id: assetId }) };
}
