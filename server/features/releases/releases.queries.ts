import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { assetReleases, auditEvents, digitalAssets, releaseAccesses, releaseItems } from "@shared/schema";
import type { DbOrTx } from "../../db";
import type { KindConfig } from "../typed-assets/kinds";
import type { TypedRow } from "../typed-assets/typed-assets.service";

const LIVE = ["pending", "opened"];

/** A release row by id, for a caller the access rules have already let through. */
export async function findRelease(db: DbOrTx, id: number) {
  const [row] = await db.select().from(assetReleases).where(eq(assetReleases.id, id)).limit(1);
  return row;
}

export async function itemsOfRelease(db: DbOrTx, releaseId: number) {
  return db
    .select({ kind: releaseItems.kind, itemId: releaseItems.itemId })
    .from(releaseItems)
    .where(eq(releaseItems.releaseId, releaseId));
}

/** The owner's committed files among `ids` (a file deleted since the release simply drops out). */
export async function releasedFiles(db: DbOrTx, userId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: digitalAssets.id,
      originalFileName: digitalAssets.originalFileName,
      fileSize: digitalAssets.fileSize,
      mimeType: digitalAssets.mimeType,
    })
    .from(digitalAssets)
    .where(and(eq(digitalAssets.userId, userId), inArray(digitalAssets.id, ids), eq(digitalAssets.status, "committed")))
    .orderBy(asc(digitalAssets.id));
}

/** The owner's rows of one typed kind among `ids`, still encrypted. */
export async function releasedTypedRows(db: DbOrTx, kind: KindConfig, userId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const t = kind.table;
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.userId, userId), inArray(t.id, ids)))
    .orderBy(asc(t.id));
  return rows as TypedRow[];
}

export type NewAccess = typeof releaseAccesses.$inferInsert;

export async function insertAccess(tx: DbOrTx, access: NewAccess) {
  await tx.insert(releaseAccesses).values(access);
}

export type ReleaseAuditEntry = {
  at: Date;
  actorId: number | null;
  /** The owner: what their activity trail (GET /api/activity) shows. */
  subjectUserId: number;
  action: "release_opened" | "release_file_downloaded" | "release_revoked";
  releaseId: number;
  requestId: string | null;
  ip: string | null;
  details?: Record<string, string | number | boolean>;
};

/** The audit row of a release event, in the event's own transaction. */
export async function insertReleaseAudit(tx: DbOrTx, e: ReleaseAuditEntry) {
  await tx.insert(auditEvents).values({
    at: e.at,
    actorId: e.actorId,
    subjectUserId: e.subjectUserId,
    action: e.action,
    target: `release:${e.releaseId}`,
    requestId: e.requestId?.slice(0, 64) ?? null,
    ip: e.ip?.slice(0, 64) ?? null,
    details: e.details ?? null,
  });
}

/** The owner's releases, newest first, each with its number of items. */
export async function listOwnedReleases(db: DbOrTx, userId: number) {
  return db
    .select({
      id: assetReleases.id,
      beneficiaryName: assetReleases.beneficiaryName,
      status: assetReleases.status,
      isTest: assetReleases.isTest,
      triggerId: assetReleases.triggerId,
      releasedAt: assetReleases.releasedAt,
      accessExpiresAt: assetReleases.accessExpiresAt,
      accessedAt: assetReleases.accessedAt,
      revokedAt: assetReleases.revokedAt,
      itemCount: sql<number>`(select ${count()} from ${releaseItems} where ${releaseItems.releaseId} = ${assetReleases.id})::int`,
    })
    .from(assetReleases)
    .where(eq(assetReleases.userId, userId))
    .orderBy(desc(assetReleases.releasedAt), desc(assetReleases.id));
}

/** Every access of the owner's given releases, oldest first, with the downloaded file's name when it still exists. */
export async function accessesOfReleases(db: DbOrTx, userId: number, releaseIds: number[]) {
  if (releaseIds.length === 0) return [];
  return db
    .select({
      releaseId: releaseAccesses.releaseId,
      at: releaseAccesses.at,
      action: releaseAccesses.action,
      itemKind: releaseAccesses.itemKind,
      itemId: releaseAccesses.itemId,
      bytes: releaseAccesses.bytes,
      itemName: digitalAssets.originalFileName,
    })
    .from(releaseAccesses)
    .leftJoin(
      digitalAssets,
      and(
        eq(releaseAccesses.itemKind, "file"),
        eq(digitalAssets.id, releaseAccesses.itemId),
        eq(digitalAssets.userId, releaseAccesses.userId),
      ),
    )
    .where(and(eq(releaseAccesses.userId, userId), inArray(releaseAccesses.releaseId, releaseIds)))
    .orderBy(asc(releaseAccesses.at), asc(releaseAccesses.id));
}

/** Revokes the owner's live release (conditional update); undefined when it is not theirs or no longer live. */
export async function revokeOwnedRelease(tx: DbOrTx, userId: number, id: number, now: Date) {
  const [row] = await tx
    .update(assetReleases)
    .set({ status: "revoked", revokedAt: now })
    .where(and(eq(assetReleases.id, id), eq(assetReleases.userId, userId), inArray(assetReleases.status, LIVE)))
    .returning({ id: assetReleases.id });
  return row;
}

export async function findOwnedRelease(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select({ id: assetReleases.id, status: assetReleases.status })
    .from(assetReleases)
    .where(and(eq(assetReleases.id, id), eq(assetReleases.userId, userId)))
    .limit(1);
  return row;
}
