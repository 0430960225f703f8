import { and, eq, gt, inArray } from "drizzle-orm";
import { assetReleases, beneficiaries, digitalAssets, releaseItems } from "@shared/schema";
import type { DbOrTx } from "../db";
import { AppError, notFound } from "./app-error";

/**
 * Who is asking. `userId` is the signed-in account (null for a visitor); delegates carry what was delegated to them:
 * a release session carries the ids of the releases it opened. New delegations (agents, trusted parties) add a field
 * here and a rule below, never a check in a route.
 */
export type AccessActor = {
  userId: number | null;
  releaseIds?: readonly number[];
  /** The request's "now" by the injectable clock: a release past its expiry grants nothing from that instant. */
  now?: Date;
};

/**
 * What an actor wants to do with some ids. Reads may be delegated; writes stay owner-scoped in their own SQL
 * (`WHERE user_id = <caller>`), so they need no permission here.
 */
export type Permission =
  /** Name one of the caller's beneficiaries in a body (assignment, trigger): only the owner's own. */
  | "beneficiary:reference"
  /** Read an uploaded file's metadata or bytes: the owner. */
  | "file:read"
  /** Read a release (its page): only the release of the caller's release session, while it is live. */
  | "release:read"
  /** Download a file through a release: only files that are items of the caller's live release. */
  | "release:file";

type Rule = (db: DbOrTx, actor: AccessActor, ids: number[]) => Promise<number[]>;

const ownerOnly =
  (read: (db: DbOrTx, userId: number, ids: number[]) => Promise<number[]>): Rule =>
  (db, actor, ids) =>
    actor.userId === null ? Promise.resolve([]) : read(db, actor.userId, ids);

/** A release still grants access: not revoked or expired, and its link not past its expiry at `now`. */
const liveRelease = (actor: AccessActor) =>
  and(
    inArray(assetReleases.status, ["pending", "opened"]),
    gt(assetReleases.accessExpiresAt, actor.now ?? new Date()),
    inArray(assetReleases.id, [...(actor.releaseIds ?? [])]),
  );

const releaseDelegate =
  (read: (db: DbOrTx, actor: AccessActor, ids: number[]) => Promise<number[]>): Rule =>
  (db, actor, ids) =>
    (actor.releaseIds?.length ?? 0) === 0 ? Promise.resolve([]) : read(db, actor, ids);

/**
 * One rule per permission: the ids (out of those asked) the actor may use, owner ∪ delegate, in one query per call
 * whatever the number of ids (never a query per id). Shaped after Immich's `server/src/utils/access.ts`.
 */
export const ACCESS_RULES: Record<Permission, Rule> = {
  // Share-locked inside a transaction, so the beneficiary cannot be deleted between this check and the write that
  // references it.
  "beneficiary:reference": ownerOnly(async (db, userId, ids) => {
    const rows = await db
      .select({ id: beneficiaries.id })
      .from(beneficiaries)
      .where(and(eq(beneficiaries.userId, userId), inArray(beneficiaries.id, ids)))
      .for("share");
    return rows.map((r) => r.id);
  }),
  "file:read": ownerOnly(async (db, userId, ids) => {
    const rows = await db
      .select({ id: digitalAssets.id })
      .from(digitalAssets)
      .where(
        and(eq(digitalAssets.userId, userId), inArray(digitalAssets.id, ids), eq(digitalAssets.status, "committed")),
      );
    return rows.map((r) => r.id);
  }),
  "release:read": releaseDelegate(async (db, actor, ids) => {
    const rows = await db
      .select({ id: assetReleases.id })
      .from(assetReleases)
      .where(and(inArray(assetReleases.id, ids), liveRelease(actor)));
    return rows.map((r) => r.id);
  }),
  // The file must still be the release owner's committed file: an item whose file was deleted grants nothing.
  "release:file": releaseDelegate(async (db, actor, ids) => {
    const rows = await db
      .selectDistinct({ id: releaseItems.itemId })
      .from(releaseItems)
      .innerJoin(assetReleases, eq(assetReleases.id, releaseItems.releaseId))
      .innerJoin(
        digitalAssets,
        and(
          eq(digitalAssets.id, releaseItems.itemId),
          eq(digitalAssets.userId, assetReleases.userId),
          eq(digitalAssets.status, "committed"),
        ),
      )
      .where(and(eq(releaseItems.kind, "file"), inArray(releaseItems.itemId, ids), liveRelease(actor)));
    return rows.map((r) => r.id);
  }),
};

/** The ids, out of `ids`, that `actor` may use for `permission`. Missing and not-yours look the same: absent. */
export async function checkAccess(
  db: DbOrTx,
  actor: AccessActor,
  permission: Permission,
  ids: Iterable<number>,
): Promise<Set<number>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  return new Set(await ACCESS_RULES[permission](db, actor, wanted));
}

/**
 * Throws unless `actor` may use `id`. The default failure is the contract's 404 ("missing" and "not yours" are one
 * answer); a reference inside a body answers 400 on its field instead (`onDenied`).
 */
export async function requireAccess(
  db: DbOrTx,
  actor: AccessActor,
  permission: Permission,
  id: number,
  onDenied: () => AppError = notFound,
): Promise<void> {
  if (!(await checkAccess(db, actor, permission, [id])).has(id)) throw onDenied();
}

/** The 400 a body gets for naming a beneficiary that is not the caller's (contract). */
export function foreignBeneficiary(path = "assignedToBeneficiary"): AppError {
  const message = "Choose a beneficiary from your list";
  return new AppError(400, message, [{ path, message }]);
}
