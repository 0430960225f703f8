import type { ErrorRequestHandler } from "express";
import { ZodError } from "zod";
import { AppError, fromZodError, serviceUnavailable } from "../lib/app-error";
import { isDatabaseOutage } from "../db";
import { storageFault } from "../lib/storage/faults";

type HttpishError = Error & { status?: number; statusCode?: number; type?: string; code?: string };

/**
 * PostgreSQL "data exception" codes a user's value can trigger (text it cannot hold, a number out of range, a bad
 * date). The validators should catch these first; this is the backstop so a gap answers 400, never 500.
 */
const DATA_EXCEPTIONS = new Set(["22001", "22003", "22007", "22008", "22021", "22P02", "22P05"]);

function databaseCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e instanceof Error; depth += 1) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as Error & { cause?: unknown }).cause;
  }
  return undefined;
}

function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return fromZodError(err);
  // The static file server's refusals (a missing hashed chunk after a deploy, a traversal attempt) carry their own
  // 4xx and the file system's code (ENOENT), which must not be read as the embedded database's socket being down.
  const status = (err as HttpishError | undefined)?.status ?? (err as HttpishError | undefined)?.statusCode;
  // (http-errors objects, as serve-static raises, always carry `expose`; other libraries' errors do not.)
  if (typeof status === "number" && status >= 400 && status < 500 && err instanceof Error && "expose" in err) {
    if (status === 404) return new AppError(404, "Not found");
    if (status === 403) return new AppError(403, "You do not have permission to do this.");
  }
  if (isDatabaseOutage(err)) return serviceUnavailable();
  const fault = storageFault(err);
  if (fault) return fault;
  const dbCode = databaseCode(err);
  if (dbCode && DATA_EXCEPTIONS.has(dbCode))
    return new AppError(400, "A value could not be stored as given. Check the form for unusual characters or numbers.");
  const e = err as HttpishError;
  // body-parser errors carry a status and a type we can trust
  if (e?.type === "entity.too.large") return new AppError(413, "The request body is too large.");
  if (e?.type === "entity.parse.failed") return new AppError(400, "The request body is not valid JSON.");
  if (e?.type === "encoding.unsupported" || e?.type === "charset.unsupported")
    return new AppError(415, "Unsupported body encoding.");
  if (e?.code === "LIMIT_FILE_SIZE") return new AppError(413, "Each file may be at most 100 MB.");
  if (typeof e?.code === "string" && e.code.startsWith("LIMIT_"))
    return new AppError(400, "Too many files or fields in this upload.");
  return undefined;
}

/** The contract's error model in one place; unexpected errors become 500 with the request id, never a stack. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const appError = toAppError(err);
  if (res.headersSent) {
    req.log?.error({ err }, "error after headers were sent");
    res.destroy();
    return;
  }
  if (appError) {
    if (appError.status >= 500)
      req.log?.warn({ status: appError.status, msg: appError.message, err }, "service unavailable");
    for (const [k, v] of Object.entries(appError.headers ?? {})) res.setHeader(k, v);
    res
      .status(appError.status)
      .json({ message: appError.message, ...(appError.errors ? { errors: appError.errors } : {}) });
    return;
  }
  req.log?.error({ err }, "unexpected error");
  res
    .status(500)
    .json({ message: "Something went wrong on our side. Please try again.", requestId: String(req.id ?? "") });
};
