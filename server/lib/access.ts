import { and, eq, gt, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  assetReleases,
  beneficiaries,
  deathVerificationRequests as dvr,
  digitalAssets,
  enhancedTrustedParties,
  releaseItems,
  users,
} from "@shared/schema";
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

/** The ids, out of `ids` (never empty, no repeats), that `actor` may use: one query whatever their number. */
export type AccessRule = (db: DbOrTx, actor: AccessActor, ids: number[]) => Promise<number[]>;

/** A rule for the owner alone: a visitor may use nothing. */
export const ownerOnly =
  (read: (db: DbOrTx, userId: number, ids: number[]) => Promise<number[]>): AccessRule =>
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
  (read: (db: DbOrTx, actor: AccessActor, ids: number[]) => Promise<number[]>): AccessRule =>
  (db, actor, ids) =>
    (actor.releaseIds?.length ?? 0) === 0 ? Promise.resolve([]) : read(db, actor, ids);

/** A table whose rows a rule hands out by their `id`. */
type IdTable = PgTable & { id: AnyPgColumn<{ data: number; notNull: true }> };

/**
 * A rule for the signed-in caller in one statement: the ids, out of those asked, of the rows of `table` for which
 * `where(userId)` holds. `forShare` share-locks them, so a row cannot be deleted between the check and the write
 * that references it (inside the caller's transaction).
 */
const rowsWhere = (table: IdTable, where: (userId: number) => SQL | undefined, opts: { forShare?: boolean } = {}) =>
  ownerOnly(async (db, userId, ids) => {
    const query = db
      .select({ id: table.id })
      .from(table)
      .where(and(where(userId), inArray(table.id, ids)));
    const rows: { id: number }[] = opts.forShare ? await query.for("share") : await query;
    return rows.map((r) => r.id);
  });

/** The caller is this trusted-party row's person and the row is active (an invitation not accepted, or revoked, is not). */
const activePartyOf = (userId: number) =>
  and(eq(enhancedTrustedParties.trustedPersonId, userId), eq(enhancedTrustedParties.status, "active"));

/**
 * Owner ∪ delegate: what any of `rules` allows. The rules run one after the other (a transaction has one handle),
 * each asked only about the ids the ones before it refused.
 */
export const anyOf =
  (...rules: AccessRule[]): AccessRule =>
  async (db, actor, ids) => {
    const allowed = new Set<number>();
    for (const rule of rules) {
      const rest = ids.filter((id) => !allowed.has(id));
      if (rest.length === 0) break;
      for (const id of await rule(db, actor, rest)) allowed.add(id);
    }
    return [...allowed];
  };

/**
 * One entry per permission: the rule answering which ids the actor may use, owner ∪ delegate. Shaped after Immich's
 * `server/src/utils/access.ts`. A new permission (`release:read`, `release:file`, `client:profile`) is one entry
 * here; `Permission` follows from the keys, and the ownership matrix (`server/security/access-matrix.ts`) refuses to
 * typecheck until the entry has its test case. Reads may be delegated; writes stay owner-scoped in their own SQL
 * (`WHERE user_id = <caller>`), so they need no permission here (docs/decisions/008-access-policy.md).
 */
export const ACCESS_RULES = {
  /**
   * Name one of the caller's beneficiaries in a body (assignment, trigger): only the owner's own. Share-locked
   * inside a transaction, so the beneficiary cannot be deleted between this check and the write that references it.
   */
  "beneficiary:reference": rowsWhere(beneficiaries, (userId) => eq(beneficiaries.userId, userId), { forShare: true }),
  /** Read an uploaded file's metadata or bytes: the owner, once the upload has committed. */
  "file:read": rowsWhere(digitalAssets, (userId) =>
    and(eq(digitalAssets.userId, userId), eq(digitalAssets.status, "committed")),
  ),
  /**
   * Act as a trusted party (issue 16): the rows naming the caller's own account that are active. An invitation not
   * yet accepted, or revoked, grants nothing; the owner who named them is not the party (delegate-only).
   */
  "trusted-party:act": rowsWhere(enhancedTrustedParties, activePartyOf),
  /**
   * Ask for a death verification about someone (issue 16): the caller's own active trusted-party rows that carry
   * `canInitiateDeathVerification`. Delegate-only, like `trusted-party:act`.
   */
  "death-verification:initiate": rowsWhere(enhancedTrustedParties, (userId) =>
    and(activePartyOf(userId), eq(enhancedTrustedParties.canInitiateDeathVerification, true)),
  ),
  /** Add evidence to a request: its requestor alone, while it awaits review (pending, in review, or appealed). */
  "death-verification:upload": rowsWhere(dvr, (userId) =>
    and(eq(dvr.requestorId, userId), inArray(dvr.status, ["pending", "in_review", "appealed"])),
  ),
  /**
   * Appeal a request: its requestor alone, whatever its state (the service answers 409 for a request that cannot be
   * appealed: not rejected by an admin, already appealed, past its deadline, a rehearsal); anyone else gets 404.
   */
  "death-verification:appeal": rowsWhere(dvr, (userId) => eq(dvr.requestorId, userId)),
  /** Read a request's evidence: its requestor and its subject; never the subject's other trusted parties. */
  "death-verification:evidence": rowsWhere(dvr, (userId) => or(eq(dvr.requestorId, userId), eq(dvr.userId, userId))),
  /**
   * Answer a request (confirm or deny): an active trusted party of its subject other than its requestor, while it is
   * open or under appeal; never a rehearsal (the subject's own drill asks nobody).
   */
  "death-verification:confirm": rowsWhere(dvr, (userId) =>
    and(
      eq(dvr.rehearsal, false),
      inArray(dvr.status, ["pending", "in_review", "appealed"]),
      or(sql`${dvr.requestorId} is null`, ne(dvr.requestorId, userId)),
      sql`exists (select 1 from ${enhancedTrustedParties} p where p.user_id = ${dvr.userId}
            and p.trusted_person_id = ${userId} and p.status = 'active')`,
    ),
  ),
  /**
   * An agent's view of a client (issue 17): the profile fields and plan of the accounts linked to the caller by an
   * accepted invitation, and nothing of their estate — no other permission names agents. Delegate-only.
   */
  "agent:client-profile": rowsWhere(users, (userId) => eq(users.agentId, userId)),
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
} satisfies Record<string, AccessRule>;

/** What an actor wants to do with some ids: the keys of `ACCESS_RULES`. */
export type Permission = keyof typeof ACCESS_RULES;

export const PERMISSIONS = Object.keys(ACCESS_RULES) as Permission[];

/** Ids to check; an empty reference (`null`, `undefined`) names nothing and is left out. */
export type AccessIds = number | Iterable<number | null | undefined>;

function idList(ids: AccessIds): number[] {
  const list = typeof ids === "number" ? [ids] : [...ids];
  return [...new Set(list.filter((id): id is number => id !== null && id !== undefined))];
}

/** The ids, out of `ids`, that `actor` may use for `permission`. Missing and not-yours look the same: absent. */
export async function checkAccess(
  db: DbOrTx,
  actor: AccessActor,
  permission: Permission,
  ids: AccessIds,
): Promise<Set<number>> {
  const wanted = idList(ids);
  if (wanted.length === 0) return new Set();
  const rule: AccessRule = ACCESS_RULES[permission];
  return new Set(await rule(db, actor, wanted));
}

/**
 * Throws unless `actor` may use every one of `ids` (none given: nothing to check). The default failure is the
 * contract's 404 ("missing" and "not yours" are one answer); a reference inside a body answers 400 on its field
 * instead (`onDenied`, e.g. `foreignBeneficiary`).
 */
export async function requireAccess(
  db: DbOrTx,
  actor: AccessActor,
  permission: Permission,
  ids: AccessIds,
  onDenied: () => AppError = notFound,
): Promise<void> {
  const wanted = idList(ids);
  if (wanted.length === 0) return;
  const allowed = await checkAccess(db, actor, permission, wanted);
  if (wanted.some((id) => !allowed.has(id))) throw onDenied();
}

/** The 400 a body gets for naming a beneficiary that is not the caller's (contract). */
export function foreignBeneficiary(path = "assignedToBeneficiary"): AppError {
  const message = "Choose a beneficiary from your list";
  return new AppError(400, message, [{ path, message }]);
}
