import { randomBytes } from "node:crypto";
import { pipeline } from "node:stream";
import type { Request, RequestHandler } from "express";
import multer, { MulterError, type StorageEngine } from "multer";
import { ACCEPTED_EXTENSIONS, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from "@shared/asset-types";
import type { AppDeps } from "../../deps";
import { AppError, paymentRequired, unauthorized } from "../../lib/app-error";
import { encryptStream } from "../../lib/crypto/file-crypto";
import { createUserLocks } from "../../lib/user-locks";
import { acceptedExtensionOf, sanitizeFileName } from "../../lib/files/file-names";
import { budgetFor, createQuotaGate, UPLOAD_RUNNING, type UploadBudget } from "./upload-guards";
import { fileIdFor } from "../../lib/files/file-ids";
import { createUploadInspector } from "../../lib/files/upload-inspector";

/** One file streamed, checked and encrypted into staging, waiting for the database transaction. */
export type StagedFile = {
  stagingKey: string;
  finalKey: string;
  /** The random hex name shared by both keys; stored as `file_name`. */
  storedName: string;
  originalFileName: string;
  mimeType: string;
  fileSize: number;
  storedSize: number;
  sha256: string;
  /** The master key id that wrapped the blob's data key (kept so a retired key's files can be found). */
  kid: string;
};

const FILE_FIELDS = new Set(["files", "files[]"]);
const staged = new WeakMap<Request, Map<string, StagedFile>>();
/**
 * The first file failure of each request. When storage fails (disk full, S3 down) the teardown reaches multer as
 * the part's "Premature close" before the engine reports the cause; multer waits for the engine, so by the time it
 * answers, the real cause is here.
 */
const firstFailure = new WeakMap<Request, unknown>();
/** Each request's files still being staged, so a failure is only reported once all of them have settled. */
const inFlight = new WeakMap<Request, Promise<unknown>[]>();
/** Each request's free storage, read as it began, and the bytes its files have brought so far. */
const budgets = new WeakMap<Request, UploadBudget>();
/** Frees the request's upload lease (idempotent); set before its body is read. */
const leases = new WeakMap<Request, () => Promise<void>>();

function ignoreStreamError(): void {
  // Reported through storage.put's rejection instead.
}

/** The files this request staged, in the order the client sent them. */
export function stagedFilesOf(req: Request): StagedFile[] {
  const byKey = staged.get(req);
  const files = Array.isArray(req.files) ? req.files : [];
  return files.flatMap((f) => byKey?.get(f.path) ?? []);
}

/** Frees this request's upload lease, so the user's next upload is taken at once; the route calls it before answering. */
export function releaseUploadLease(req: Request): Promise<void> {
  return leases.get(req)?.() ?? Promise.resolve();
}

async function stageFile(
  deps: AppDeps,
  userId: number,
  file: Express.Multer.File,
  budget: UploadBudget,
): Promise<StagedFile> {
  const originalFileName = sanitizeFileName(file.originalname);
  const ext = acceptedExtensionOf(originalFileName);
  if (!ext) throw new AppError(415, `"${originalFileName}" is not an accepted file type.`);
  const storedName = randomBytes(16).toString("hex");
  const inspector = createUploadInspector(ext, originalFileName);
  let inspectError: unknown;
  pipeline(file.stream, createQuotaGate(budget), inspector, (err) => {
    inspectError = err;
  });
  const encrypted = encryptStream(deps.keyring, inspector, { fileId: fileIdFor(userId, storedName) });
  // NOTE: the local driver awaits mkdir before it listens to the body; a file refused in its first bytes
  // fails the stream before that, and an error event with no listener would crash the process. put() still
  // sees the stored error and rejects.
  encrypted.on("error", ignoreStreamError);
  const stagingKey = `staging/${storedName}`;
  let storedSize: number;
  try {
    ({ bytes: storedSize } = await deps.storage.put(stagingKey, encrypted));
  } catch (err) {
    // The quota gate's or the inspector's verdict (402, 415, 413) is the root cause, not the storage abort that followed it; when storage
    // failed first (disk full, S3 down), the inspector only saw a premature close and storage's error is the cause.
    throw inspectError instanceof AppError ? inspectError : err;
  }
  const inspected = inspector.result();
  return {
    stagingKey,
    finalKey: `blobs/${storedName}`,
    storedName,
    originalFileName,
    storedSize,
    kid: deps.keyring.currentKid,
    ...inspected,
  };
}

/**
 * A multer StorageEngine that never lets plaintext touch disk or S3: each part streams through the content
 * inspector and the framed encryptor straight into `storage.put(staging/<random>)`. Nothing is buffered whole.
 */
function createStagingEngine(deps: AppDeps): StorageEngine {
  return {
    _handleFile(req, file, callback) {
      const userId = req.user?.id;
      const budget = budgets.get(req);
      if (!userId || !budget) return callback(unauthorized());
      const staging = stageFile(deps, userId, file, budget);
      inFlight.set(req, [...(inFlight.get(req) ?? []), staging]);
      staging.then(
        (result) => {
          const forRequest = staged.get(req) ?? new Map<string, StagedFile>();
          forRequest.set(result.stagingKey, result);
          staged.set(req, forRequest);
          callback(null, { path: result.stagingKey, size: result.fileSize, filename: result.storedName });
        },
        (err: unknown) => {
          if (!firstFailure.has(req)) firstFailure.set(req, err);
          callback(err instanceof Error ? err : new Error(String(err)));
        },
      );
    },
    _removeFile(req, file, callback) {
      staged.get(req)?.delete(file.path);
      deps.storage.delete(file.path).then(() => callback(null), callback);
    },
  };
}

/**
 * busboy's own parse failures (a missing or unused boundary, a part header over its size limit, a body that ends
 * early, as with a Content-Length lying low): the client's malformed request, never a 500 (UPL-03, UPL-04).
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Malformed part header|Unexpected end of (form|file)|Malformed content type|Missing Content-Type|Unsupported content type)/;

/** multer's codes in the contract's words; the file-size limit keeps the message the error handler also uses. */
function toUploadError(err: unknown): unknown {
  if (err instanceof Error && !(err instanceof MulterError) && MALFORMED_MULTIPART.test(err.message)) {
    return new AppError(400, "This upload is not a well-formed multipart form.");
  }
  if (!(err instanceof MulterError)) return err;
  if (err.code === "LIMIT_FILE_SIZE") return new AppError(413, "Each file may be at most 100 MB.");
  if (err.code === "LIMIT_FILE_COUNT") {
    return new AppError(400, `You can upload at most ${MAX_FILES_PER_UPLOAD} files at a time.`);
  }
  if (err.code === "LIMIT_FIELD_VALUE") {
    const message = "This value is too long.";
    return new AppError(400, "A field of this upload is too long.", err.field ? [{ path: err.field, message }] : []);
  }
  return new AppError(400, "This upload has too many or malformed fields.");
}

/**
 * multer 2.x for the upload route only. Every limit is set (multer's defaults are Infinity); the file filter
 * is synchronous (an async one lets the size limit be bypassed, CVE-2026-77063); names are read as UTF-8.
 */
export function createUploadMiddleware(deps: AppDeps): RequestHandler {
  const upload = multer({
    storage: createStagingEngine(deps),
    defParamCharset: "utf8",
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: MAX_FILES_PER_UPLOAD,
      fields: 10,
      parts: 20,
      fieldNameSize: 100,
      fieldSize: 10 * 1024,
      // Our fields are flat, so a bracket in a field name is refused (the CVE-2026-5038/5079 class of input).
      fieldNestingDepth: 0,
      fieldArrayIndexLimit: 0,
    },
    fileFilter(_req, file, callback) {
      const name = sanitizeFileName(file.originalname);
      if (!FILE_FIELDS.has(file.fieldname)) return callback(new AppError(400, "Send files in the files field."));
      if (!acceptedExtensionOf(name)) {
        return callback(
          new AppError(415, `"${name}" is not an accepted file type (${ACCEPTED_EXTENSIONS.join(", ")}).`),
        );
      }
      callback(null, true);
    },
  }).any();
  const uploads = createUserLocks({ db: deps.database.db, logger: deps.logger }, "upload");
  return async (req, res, next) => {
    const user = req.user;
    if (!user) return next(unauthorized());
    // Spare the client a 100 MB upload that can only be refused: no room at all is known before the body.
    if (user.storageUsed >= user.storageLimit) {
      return next(paymentRequired("Your storage is full. Upgrade your plan or buy more storage to lift this limit."));
    }
    // One upload at a time per user, across processes, taken before the body is read: a second one is refused (429
    // with Retry-After) before it costs a byte, so parallel uploads cannot multiply the work each may do below.
    const release = await uploads.acquire(user.id, UPLOAD_RUNNING);
    leases.set(req, release);
    res.once("close", () => void release()); // whatever else happens: finished, aborted, failed
    budgets.set(req, budgetFor(user));
    // A refused upload frees its lease before the answer goes out, so the user's retry is not refused in turn.
    const fail = (cause: unknown) => void release().then(() => next(toUploadError(cause)));
    upload(req, res, (err?: unknown) => {
      if (err === undefined) return next();
      if ((err as { code?: unknown }).code !== "ERR_STREAM_PREMATURE_CLOSE") return fail(err);
      // A part torn down by a storage failure: report the storage failure once the staging has settled.
      void Promise.allSettled(inFlight.get(req) ?? []).then(() =>
        fail(firstFailure.has(req) ? firstFailure.get(req) : err),
      );
    });
  };
}
