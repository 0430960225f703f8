import { and, count, desc, eq, sql } from "drizzle-orm";
import type { AssetKind } from "@shared/asset-types";
import { estateDistributionSettings as eds, users, type EstateDistributionRow } from "@shared/schema";
import type { AdminEstateDistributionQuery } from "@shared/validators/estate-distribution";
import { runInTransaction, type Db } from "../../db";
import { conflict, notFound } from "../../lib/app-error";
import type { ReleaseDeps } from "../triggers/create-releases";
import { auditInTx } from "../triggers/trigger-audit";
import { plannedKinds, releaseDueSteps, scheduleOf } from "./distribution-run";

export type DistributionAdminDeps = ReleaseDeps & { database: { db: Db } };

/** What an admin sees of a distribution: metadata only (no asset, no beneficiary, no message). */
export type AdminDistributionDto = {
  userId: number;
  ownerName: string;
  status: string;
  executionDate: string | null;
  completedAt: string | null;
  legalReviewDoneAt: string | null;
  nextReleaseAt: string | null;
  releasedKinds: AssetKind[];
  /** Kinds held back until the review is marked done (empty once it is). */
  awaitingReview: AssetKind[];
  /** Kinds planned and not released yet. */
  pendingKinds: AssetKind[];
};

function present(row: EstateDistributionRow, owner: { firstName: string | null; lastName: string | null }) {
  const schedule = row.executionDate ? scheduleOf(row) : null;
  const review = schedule?.stages.find((s) => s.timing === "legal_review" && s.releaseAt === null);
  const dto: AdminDistributionDto = {
    userId: row.userId,
    ownerName: [owner.firstName, owner.lastName].filter(Boolean).join(" "),
    status: row.status,
    executionDate: row.executionDate?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    legalReviewDoneAt: row.legalReviewDoneAt?.toISOString() ?? null,
    nextReleaseAt: row.nextReleaseAt?.toISOString() ?? null,
    releasedKinds: row.releasedKinds,
    awaitingReview: review ? review.kinds.map((k) => k.kind) : [],
    pendingKinds: schedule ? plannedKinds(schedule).filter((k) => !row.releasedKinds.includes(k)) : [],
  };
  return dto;
}

/** The admins' list: distributions of one status, newest execution first, paginated. */
export async function listDistributions(db: Db, p: AdminEstateDistributionQuery) {
  const where = eq(eds.status, p.status);
  const rows = await db
    .select({ row: eds, firstName: users.firstName, lastName: users.lastName })
    .from(eds)
    .innerJoin(users, eq(users.id, eds.userId))
    .where(where)
    .orderBy(desc(eds.executionDate), eds.userId)
    .limit(p.limit)
    .offset(p.offset);
  const [{ total }] = await db.select({ total: count() }).from(eds).where(where);
  return { items: rows.map((r) => present(r.row, r)), total };
}

/**
 * An admin marks the legal review of an active distribution done: one conditional update (active, not yet marked),
 * audited with the admin as actor, and the legal-review kinds are released at once in the same transaction. No
 * active distribution: 404; already marked: 409.
 */
export async function markLegalReviewDone(deps: DistributionAdminDeps, p: { adminId: number; userId: number }) {
  const now = deps.clock.now();
  return runInTransaction(deps.database.db, async (tx) => {
    const [row] = await tx
      .update(eds)
      .set({ legalReviewDoneAt: now, nextReleaseAt: now })
      .where(and(eq(eds.userId, p.userId), eq(eds.status, "active"), sql`${eds.legalReviewDoneAt} is null`))
      .returning();
    if (!row) {
      const [current] = await tx.select().from(eds).where(eq(eds.userId, p.userId));
      if (current?.legalReviewDoneAt) throw conflict("The legal review is already marked done.");
      throw notFound();
    }
    await auditInTx(tx, [
      {
        at: now,
        actorId: p.adminId,
        subjectUserId: p.userId,
        action: "estate_distribution_legal_review_done",
        target: `estate_distribution:${p.userId}`,
      },
    ]);
    await releaseDueSteps(tx, deps, row, now);
    const [after] = await tx
      .select({ row: eds, firstName: users.firstName, lastName: users.lastName })
      .from(eds)
      .innerJoin(users, eq(users.id, eds.userId))
      .where(eq(eds.userId, p.userId));
    return present(after.row, after);
  });
}

/**
 * The scheduler's step: active distributions whose next step is due (`next_release_at`, by the clock), a batch per
 * transaction, rows locked with SKIP LOCKED and each moved by releaseDueSteps' conditional update, so any number of
 * ticks or processes release every step once. Answers how many were handled.
 */
export async function releaseDueDistributions(deps: DistributionAdminDeps, now: Date, limit: number) {
  return runInTransaction(deps.database.db, async (tx) => {
    const due = await tx.execute<{ user_id: number }>(sql`
      select user_id from estate_distribution_settings
      where status = 'active' and next_release_at <= ${now}
      order by next_release_at, user_id
      limit ${limit}
      for update skip locked`);
    for (const { user_id } of due.rows) {
      const [row] = await tx
        .select()
        .from(eds)
        .where(eq(eds.userId, Number(user_id)));
      if (row) await releaseDueSteps(tx, deps, row, now);
    }
    return due.rows.length;
  });
}
