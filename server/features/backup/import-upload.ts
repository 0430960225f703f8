import type { Request, RequestHandler } from "express";
import multer, { MulterError, type StorageEngine } from "multer";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { writeSpool, type Spool } from "./spool";

/** One backup file per restore, at most 1 GB (issue 5). */
export const MAX_IMPORT_BYTES = 1024 * 1024 * 1024;
const TOO_LARGE = "A backup file may be at most 1 GB.";
const spools = new WeakMap<Request, Spool>();

/** The spooled upload of this request, if the `file` part arrived. */
export function spoolOf(req: Request): Spool | undefined {
  return spools.get(req);
}

function createSpoolEngine(deps: AppDeps): StorageEngine {
  return {
    _handleFile(req, file, callback) {
      writeSpool(deps.storage, file.stream, { maxBytes: MAX_IMPORT_BYTES, tooLarge: TOO_LARGE }).then((spool) => {
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
    upload(req, res, (err?: unknown) => next(err === undefined ? undefined : toImportError(err)));
  };
}
