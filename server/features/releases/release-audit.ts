import type { Logger } from "pino";
import type { ReleaseAuditEntry } from "./releases.queries";

/**
 * The JSON log line of a release event whose audit row has been written (LOG-02: UTC time, actor, action, target,
 * request id, address; never a token or a secret value).
 */
export function logReleaseAudit(logger: Logger, e: ReleaseAuditEntry): void {
  logger.info(
    {
      audit: {
        at: e.at.toISOString(),
        actorId: e.actorId,
        subjectUserId: e.subjectUserId,
        action: e.action,
        target: `release:${e.releaseId}`,
        requestId: e.requestId,
        ip: e.ip,
        details: e.details ?? null,
      },
    },
    `audit ${e.action}`,
  );
}
