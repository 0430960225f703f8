import { AppError } from "../app-error";

/** Disk full or over a filesystem quota: the blob store has no room (local driver, or S3 gateways on disk). */
const NO_ROOM_CODES = new Set(["ENOSPC", "EDQUOT"]);
/** The blob store cannot be reached or answered with a server error: try again later. */
const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "EAI_AGAIN", "EPIPE"]);
const S3_UNAVAILABLE_NAMES = new Set(["InternalError", "ServiceUnavailable", "SlowDown", "RequestTimeout"]);

type FaultLike = Error & { code?: unknown; name: string; $metadata?: { httpStatusCode?: number }; cause?: unknown };

/**
 * Classifies a failure of the blob store (REL-04): no room → 507, unreachable or failing → 503 with Retry-After.
 * Anything else is not a storage fault and stays a 500. Follows `cause` a few levels, as SDKs and streams wrap.
 */
export function storageFault(err: unknown): AppError | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e instanceof Error; depth += 1) {
    const f = e as FaultLike;
    const code = typeof f.code === "string" ? f.code : undefined;
    if (code && NO_ROOM_CODES.has(code)) {
      return new AppError(507, "File storage is full right now, so nothing was saved. Please try again later.");
    }
    const s3Status = f.$metadata?.httpStatusCode;
    if (
      (code && UNREACHABLE_CODES.has(code)) ||
      S3_UNAVAILABLE_NAMES.has(f.name) ||
      (typeof s3Status === "number" && s3Status >= 500)
    ) {
      return new AppError(
        503,
        "File storage is unavailable right now, so nothing was saved or sent. Please try again in a moment.",
        undefined,
        { "Retry-After": "30" },
      );
    }
    e = f.cause;
  }
  return undefined;
}
