import type { Readable, Writable } from "node:stream";
import type { AppDeps } from "../../deps";
import { decryptStream } from "../../lib/crypto/file-crypto";
import { logDecryptFailure } from "../assets/assets.service";
import { fileIdFor } from "../../lib/files/file-ids";
import type { BackupSnapshot } from "./export.service";
import { createZipWriter } from "./zip-writer";

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

/**
 * Streams the ZIP export (EXP-01): `backup.json`, `summary.pdf`, then every uploaded file decrypted under its
 * sanitised `files/<category>/<name>`. Headers go out first, so the download starts at once; entries are written
 * one at a time straight to the response and backpressure reaches the blob read, so memory stays flat whatever the
 * total. Regular-file entries only (no symlinks), names built only by assignArchivePaths. When `signal` aborts (the
 * client disconnected), the write in progress is abandoned and the open blob stream destroyed; a blob that fails
 * verification or any other failure destroys `out` (a truncated download, never a ZIP that looks complete).
 * `onComplete` runs after the last byte is queued, before the end.
 */
export async function streamZipExport(
  out: Writable,
  signal: AbortSignal,
  deps: ZipDeps,
  input: { userId: number; snapshot: BackupSnapshot; summaryPdf: Buffer; onComplete: () => Promise<void> },
): Promise<void> {
  const { document, files } = input.snapshot;
  const zip = createZipWriter(out, { signal, deflateLevel: ZIP_DEFLATE_LEVEL });
  let blob: Readable | undefined;
  let current: Readable | undefined;
  let currentAssetId: number | undefined;

  const exportedAt = new Date(document.exportedAt);
  try {
    const json = Buffer.from(JSON.stringify(document, null, 2));
    await zip.addBuffer({ name: "backup.json", date: exportedAt, store: false }, json);
    await zip.addBuffer({ name: "summary.pdf", date: exportedAt, store: true }, input.summaryPdf);
    for (const file of files) {
      blob = await deps.storage.get(file.filePath);
      current = decryptStream(deps.keyring, blob, { fileId: fileIdFor(input.userId, file.fileName) });
      currentAssetId = file.id;
      const store = STORED_TYPES.has(file.mimeType);
      await zip.addStream({ name: file.archivePath, date: file.createdAt, store, sizeHint: file.fileSize }, current);
      [blob, current, currentAssetId] = [undefined, undefined, undefined];
    }
    await zip.finish();
    await input.onComplete();
    out.end();
  } catch (err) {
    // both ends: a decrypt stream never read would otherwise keep its blob open
    current?.destroy();
    blob?.destroy();
    if (!signal.aborted) {
      if (currentAssetId !== undefined) logDecryptFailure(deps, currentAssetId, err);
      deps.logger.error({ event: "export_failed", err: { message: String(err) } }, "zip export cut short");
    }
    out.destroy();
  }
}
