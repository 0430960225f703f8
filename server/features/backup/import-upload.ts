import type { Request, RequestHandler } from "express";
import multer, { MulterError, type StorageEngine } from "multer";
import { formatBytes } from "@shared/format";
import type { AppDeps } from "../../deps";
import { AppError, paymentRequired, unauthorized } from "../../lib/app-error";
import { restoreSlackBytes } from "./import-archive";
import { writeSpool, type Spool } from "./spool";

/** One backup file per restore, at most 1 GB (issue 5). */
export const MAX_IMPORT_BYTES = 1024 * 1024 * 1024;
const TOO_LARGE = "A backup file may be at most 1 GB.";
const spools = new WeakMap<Request, Spool>();
/** Each request's spool limit and its refusal, set before the body is read. */
const spoolLimits = new WeakMap<Request, { maxBytes: number; tooLarge: () => AppError }>();

/**
 * The most a restore of this account may spool: the free storage (read once, as the request begins) plus room for
 * backup.json and summary.pdf, at most 1 GB. Everything else in an archive is files the storage must hold, so a
 * larger upload can only be refused once read: a 10 MB account is refused after ~45 MB instead of after 1 GB.
 */
export function restoreSpoolLimit(user: { storageUsed: number; storageLimit: number }) {
  const free = Math.max(0, user.storageLimit - user.storageUsed);
  const byQuota = free + restoreSlackBytes(user.storageLimit);
  if (byQuota >= MAX_IMPORT_BYTES) return { maxBytes: MAX_IMPORT_BYTES, tooLarge: () => new AppError(413, TOO_LARGE) };
  const message =
    `This backup is larger than your storage can take: ${formatBytes(free)} of your ` +
    `${formatBytes(user.storageLimit)} is free. Upgrade your plan or buy more storage to restore it.`;
  return { maxBytes: byQuota, tooLarge: () => paymentRequired(message) };
}

/** The spooled upload of this request, if the `file` part arrived. */
export function spoolOf(req: Request): Spool | undefined {
  return spools.get(req);
}

function createSpoolEngine(deps: AppDeps): StorageEngine {
  return {
    _handleFile(req, file, callback) {
      const limits = spoolLimits.get(req);
      if (!limits) return callback(unauthorized());
      writeSpool(deps.storage, file.stream, limits).then((spool) => {
        spools.set(req, spool);
        callback(null, { size: spool.size });
      }, callback);
    },
    _removeFile(req, _file, callback) {
      const spool = spools.get(req);
      spools.delete(req);
      (spool ? spool.remove() : Promise.resolve()).then(() => callback(null), callback);
    },
  };
}

function toImportError(err: unknown): unknown {
  if (!(err instanceof MulterError)) return err;
  if (err.code === "LIMIT_FILE_SIZE") return new AppError(413, TOO_LARGE);
  return new AppError(400, "Send one backup file in the file field.");
}

/**
 * multer 2.x for the restore route only: one part named `file`, every limit set (multer's defaults are Infinity),
 * a synchronous filter. The file streams into an encrypted spool (spool.ts), never into memory or plain disk.
 */
export function createImportUploadMiddleware(deps: AppDeps): RequestHandler {
  const upload = multer({
    storage: createSpoolEngine(deps),
    limits: {
      fileSize: MAX_IMPORT_BYTES,
      files: 1,
      fields: 0,
      parts: 1,
      fieldNameSize: 100,
      fieldSize: 1024,
      fieldNestingDepth: 0,
      fieldArrayIndexLimit: 0,
    },
    fileFilter(_req, file, callback) {
      if (file.fieldname !== "file") return callback(new AppError(400, "Send the backup in the file field."));
      callback(null, true);
    },
  }).single("file");
  return (req, res, next) => {
    if (!req.user) return next(unauthorized());
    spoolLimits.set(req, restoreSpoolLimit(req.user));
    upload(req, res, (err?: unknown) => next(err === undefined ? undefined : toImportError(err)));
  };
}
