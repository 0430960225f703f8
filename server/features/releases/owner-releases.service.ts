import type { OwnerReleaseDto } from "@shared/release-api";
import { runInTransaction } from "../../db";
import type { AppDeps } from "../../deps";
import { AppError, notFound } from "../../lib/app-error";
import type { RequestOrigin } from "./releases.service";
import {
  accessesOfReleases,
  findOwnedRelease,
  insertReleaseAudit,
  listOwnedReleases,
  revokeOwnedRelease,
  type ReleaseAuditEntry,
} from "./releases.queries";
import { logReleaseAudit } from "./release-audit";
import { presentOwnerRelease } from "./releases.presenter";

type OwnerDeps = Pick<AppDeps, "database" | "clock" | "logger">;

/** The owner's releases, newest first, each with every open and download (two queries whatever the count). */
export async function listReleases(deps: OwnerDeps, input: { userId: number }): Promise<OwnerReleaseDto[]> {
  const db = deps.database.db;
  const rows = await listOwnedReleases(db, input.userId);
  const accesses = await accessesOfReleases(
    db,
    input.userId,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    presentOwnerRelease(
      r,
      accesses.filter((a) => a.releaseId === r.id),
    ),
  );
}

/**
 * Revokes one of the owner's releases at once (contract `POST /api/releases/:id/revoke`): a conditional update from
 * `pending`/`opened`, so the link and any release session stop at the next request. Revoking a revoked release again
 * answers as the first time did; an expired one cannot be revoked (409); another owner's id is a 404.
 */
export async function revokeRelease(
  deps: OwnerDeps,
  input: { userId: number; id: number; origin: RequestOrigin },
): Promise<OwnerReleaseDto> {
  const now = deps.clock.now();
  const audit: ReleaseAuditEntry = {
    at: now,
    actorId: input.userId,
    subjectUserId: input.userId,
    action: "release_revoked",
    releaseId: input.id,
    ...input.origin,
  };
  const recorded = await runInTransaction(deps.database.db, async (tx) => {
    const moved = await revokeOwnedRelease(tx, input.userId, input.id, now);
    if (!moved) {
      const existing = await findOwnedRelease(tx, input.userId, input.id);
      if (!existing) throw notFound();
      if (existing.status === "expired") throw new AppError(409, "This release has already expired");
      return undefined;
    }
    await insertReleaseAudit(tx, audit);
    return audit;
  });
  if (recorded) logReleaseAudit(deps.logger, recorded);
  const all = await listReleases(deps, { userId: input.userId });
  return all.find((r) => r.id === input.id)!;
}
