import type { Readable } from "node:stream";
import { ZipArchive, type ZipEntryData } from "archiver";
import type { Response } from "express";
import type { AppDeps } from "../../deps";
import { decryptStream } from "../../lib/crypto/file-crypto";
import { logDecryptFailure } from "../assets/assets.service";
import { fileIdFor } from "../assets/upload-engine";
import type { BackupSnapshot } from "./export.service";

type ZipDeps = Pick<AppDeps, "storage" | "keyring" | "logger">;

/**
 * Formats that are compressed already (images, video, PDF, OOXML): deflating them again costs CPU for ~0 % gain,
 * so they are stored. Everything else (backup.json, .doc, .avi) gets the fastest deflate level.
 */
const STORED_TYPES = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "video/mp4",
  "video/quicktime",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
]);
const ZIP_DEFLATE_LEVEL = 1;

class ExportAborted extends Error {}

/** Appends one entry and waits until archiver has consumed it all, so at most one blob is open at a time. */
function appendEntry(archive: ZipArchive, source: Readable | Buffer, data: ZipEntryData, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const onEntry = (entry: { name: string }) => {
      if (entry.name !== data.name) return;
      cleanup();
      resolve();
    };
    const onAbort = () => {
      cleanup();
      reject(signal.reason instanceof Error ? signal.reason : new ExportAborted());
    };
    const cleanup = () => {
      archive.off("entry", onEntry);
      signal.removeEventListener("abort", onAbort);
    };
    if (signal.aborted) return onAbort();
    archive.on("entry", onEntry);
    signal.addEventListener("abort", onAbort);
    archive.append(source, data);
  });
}

function archiveEnded(archive: ZipArchive, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new ExportAborted());
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    archive.once("end", () => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    });
    void archive.finalize().catch(() => undefined); // failures arrive through the error listener → signal
  });
}

/**
 * Streams the ZIP export (EXP-01): `backup.json`, `summary.pdf`, then every uploaded file decrypted under its
 * sanitised `files/<category>/<name>`. Headers go out first, so the download starts at once; entries are appended
 * one at a time and backpressure reaches the blob read, so memory stays flat whatever the total. No symlinks, names
 * built only by assignArchivePaths. When the client disconnects, archiver is aborted and the open blob stream
 * destroyed; an archiver warning or error, or a blob that fails verification, cuts the response (a truncated
 * download, never a ZIP that looks complete). `onComplete` runs after the last byte is queued, before the end.
 */
export async function streamZipExport(
  res: Response,
  deps: ZipDeps,
  input: { userId: number; snapshot: BackupSnapshot; summaryPdf: Buffer; onComplete: () => Promise<void> },
): Promise<void> {
  const { document, files } = input.snapshot;
  const controller = new AbortController();
  const archive = new ZipArchive({ zlib: { level: ZIP_DEFLATE_LEVEL } });
  let blob: Readable | undefined;
  let current: Readable | undefined;
  let currentAssetId: number | undefined;
  const onClientGone = () => {
    if (!res.writableFinished) controller.abort(new ExportAborted("client disconnected"));
  };
  res.on("close", onClientGone);
  if (res.destroyed) onClientGone(); // gone while the snapshot and the PDF were being built
  archive.on("warning", (err) => controller.abort(err));
  archive.on("error", (err) => controller.abort(err));
  archive.pipe(res, { end: false });

  const exportedAt = new Date(document.exportedAt);
  try {
    const json = Buffer.from(JSON.stringify(document, null, 2));
    await appendEntry(archive, json, { name: "backup.json", date: exportedAt }, controller.signal);
    await appendEntry(
      archive,
      input.summaryPdf,
      { name: "summary.pdf", date: exportedAt, store: true },
      controller.signal,
    );
    for (const file of files) {
      blob = await deps.storage.get(file.filePath);
      current = decryptStream(deps.keyring, blob, { fileId: fileIdFor(input.userId, file.fileName) });
      currentAssetId = file.id;
      const data = { name: file.archivePath, date: file.createdAt, store: STORED_TYPES.has(file.mimeType) };
      await appendEntry(archive, current, data, controller.signal);
      [blob, current] = [undefined, undefined];
    }
    await archiveEnded(archive, controller.signal);
    await input.onComplete();
    res.end();
  } catch (err) {
    archive.abort();
    archive.unpipe(res);
    // both ends: a decrypt stream archiver never started reading would otherwise keep its blob open
    current?.destroy();
    blob?.destroy();
    archive.destroy();
    if (!(err instanceof ExportAborted)) {
      if (currentAssetId !== undefined) logDecryptFailure(deps, currentAssetId, err);
      deps.logger.error({ event: "export_failed", err: { message: String(err) } }, "zip export cut short");
    }
    res.destroy();
  } finally {
    res.off("close", onClientGone);
  }
}
