import type { Readable } from "node:stream";
import { runInTransaction } from "../../db";
import type { AppDeps } from "../../deps";
import { notFound } from "../../lib/app-error";
import { DecryptionError } from "../../lib/crypto/errors";
import { decryptStream } from "../../lib/crypto/file-crypto";
import { BlobNotFoundError } from "../../lib/storage";
import {
  deleteOwnedFileAsset,
  findOwnedFileAsset,
  listFileAssetPage,
  type ListFileAssetsParams,
} from "./assets.queries";
import { fileIdFor } from "../../lib/files/file-ids";
import { releaseStorage } from "../../lib/plan-limits";

/** One page of the owner's files, newest first, with the total for X-Total-Count (never one query per row). */
export type ListAssetsOptions = ListFileAssetsParams;
export type OpenAssetDownloadOptions = { userId: number; id: number };
export type DeleteAssetOptions = { userId: number; id: number };

export async function listAssets(deps: Pick<AppDeps, "database">, options: ListAssetsOptions) {
  return listFileAssetPage(deps.database.db, options);
}

export type AssetDownload = {
  fileName: string;
  mimeType: string;
  fileSize: number;
  /** The first verified chunk, already decrypted; undefined for an empty file. */
  first: Buffer | undefined;
  /** The remaining verified plaintext; ends with a DecryptionError at the first bad frame. */
  rest: Readable;
};

/**
 * Resolves with the first chunk a stream produces (undefined if it ends empty) and leaves the rest unread, so
 * the caller can still pipe it. A permanent no-op error listener keeps an error between this and that pipe from
 * crashing the process; pipeline() still reports it, because it checks the stream's errored state.
 */
function firstChunk(stream: Readable): Promise<Buffer | undefined> {
  stream.on("error", () => undefined);
  return new Promise((resolve, reject) => {
    const settle = (fn: () => void) => {
      stream.off("readable", onReadable).off("end", onEnd).off("error", onError);
      fn();
    };
    const onReadable = () => {
      const chunk = stream.read() as Buffer | null;
      if (chunk !== null) settle(() => resolve(chunk));
    };
    const onEnd = () => settle(() => resolve(undefined));
    const onError = (err: Error) => settle(() => reject(err));
    stream.on("readable", onReadable).once("end", onEnd).once("error", onError);
  });
}

/**
 * Opens the owner's file for download and decrypts up to its first verified frame before answering, so a blob
 * that fails at once (tampered header, wrong key, another file's blob) becomes a clean 500 with no bytes sent.
 * Later failures surface from `rest` and the route aborts the response. 404 for a missing or foreign id.
 */
export async function openAssetDownload(
  deps: Pick<AppDeps, "database" | "storage" | "keyring" | "logger">,
  input: OpenAssetDownloadOptions,
): Promise<AssetDownload> {
  const row = await findOwnedFileAsset(deps.database.db, input.userId, input.id);
  if (!row) throw notFound();
  let ciphertext: Readable;
  try {
    ciphertext = await deps.storage.get(row.filePath);
  } catch (err) {
    // Deleted between the lookup and the read (RACE-07): the file is gone, as for any other missing id.
    if (err instanceof BlobNotFoundError) throw notFound();
    throw err;
  }
  const plaintext = decryptStream(deps.keyring, ciphertext, { fileId: fileIdFor(input.userId, row.fileName) });
  let first: Buffer | undefined;
  try {
    first = await firstChunk(plaintext);
  } catch (err) {
    logDecryptFailure(deps, row.id, err);
    throw err;
  }
  return {
    fileName: row.originalFileName,
    mimeType: row.mimeType,
    fileSize: row.fileSize,
    first,
    rest: plaintext,
  };
}

/** Security log line for a blob that failed verification: ids and the reason only, never content or keys. */
export function logDecryptFailure(deps: Pick<AppDeps, "logger">, assetId: number, err: unknown): void {
  if (!(err instanceof DecryptionError)) return;
  deps.logger.error(
    { event: "decrypt_failed", table: "digital_assets", rowId: assetId, reason: err.reason },
    "file failed verification",
  );
}

/**
 * Deletes the owner's file: the row and the quota decrement in one transaction (exactly once, even with
 * parallel deletes), then the blob after commit. A failed blob delete leaves an unreferenced ciphertext, never a
 * row without a file.
 */
export async function deleteAsset(deps: Pick<AppDeps, "database" | "storage" | "logger">, input: DeleteAssetOptions) {
  const removed = await runInTransaction(deps.database.db, async (tx) => {
    const row = await deleteOwnedFileAsset(tx, input.userId, input.id);
    if (row) await releaseStorage(tx, input.userId, row.storedSize);
    return row;
  });
  if (!removed) throw notFound();
  await deps.storage.delete(removed.filePath).catch((err: unknown) => {
    deps.logger.warn(
      { event: "blob_delete_failed", assetId: removed.id, err: { message: String(err) } },
      "blob left behind",
    );
  });
}
