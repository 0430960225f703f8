import type { Response } from "express";
import { backupFileName, type ExportFormat } from "@shared/backup-format";
import type { User } from "@shared/schema";
import type { AppDeps } from "../../deps";
import { streamZipExport } from "./export-zip";
import { collectBackup, recordExport } from "./export.service";
import { buildSummaryPdf } from "./summary-pdf";

const CONTENT_TYPES: Record<ExportFormat, string> = {
  json: "application/json; charset=utf-8",
  pdf: "application/pdf",
  zip: "application/zip",
};

function startDownload(res: Response, format: ExportFormat, at: Date): void {
  res.status(200);
  res.setHeader("Content-Type", CONTENT_TYPES[format]);
  // server-built ASCII name only (contract): no user text ever reaches this header
  res.setHeader("Content-Disposition", `attachment; filename="${backupFileName(format, at)}"`);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
}

/**
 * Answers one export in the chosen format. The snapshot (and the PDF) are built before the first byte, so any failure
 * up to there is a clean JSON error; JSON and PDF are small and sent whole, the ZIP streams. The export is recorded
 * once its last byte is on its way, so an aborted download is not a "Last backup".
 */
export async function sendBackupExport(
  res: Response,
  deps: AppDeps,
  input: { user: User; format: ExportFormat },
): Promise<void> {
  const { user, format } = input;
  const now = deps.clock.now();
  const snapshot = await collectBackup(deps, user);
  const record = () => recordExport(deps, user.id, format);
  deps.logger.info({ event: "backup_export", userId: user.id, format }, "backup export");
  if (format === "json") {
    const body = Buffer.from(JSON.stringify(snapshot.document, null, 2));
    await record();
    startDownload(res, format, now);
    res.setHeader("Content-Length", String(body.length));
    res.end(body);
    return;
  }
  const summaryPdf = await buildSummaryPdf(snapshot.document, now);
  if (format === "pdf") {
    await record();
    startDownload(res, format, now);
    res.setHeader("Content-Length", String(summaryPdf.length));
    res.end(summaryPdf);
    return;
  }
  startDownload(res, format, now);
  res.flushHeaders(); // the download starts now, long before the archive is complete
  const client = new AbortController();
  const onClientGone = () => {
    if (!res.writableFinished) client.abort(new Error("client disconnected"));
  };
  res.on("close", onClientGone);
  if (res.destroyed) onClientGone(); // gone while the snapshot and the PDF were being built
  try {
    await streamZipExport(res, client.signal, deps, { userId: user.id, snapshot, summaryPdf, onComplete: record });
  } finally {
    res.off("close", onClientGone);
  }
}
