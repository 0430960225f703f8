import { sql } from "drizzle-orm";
import type { DeathVerificationRequest } from "@shared/schema";
import { runInTransaction, type Db, type DbOrTx } from "../../db";
import { startDistribution } from "../estate-distribution/distribution-run";
import { fireDeathCertificateTriggers } from "../triggers/complete";
import { auditInTx } from "../triggers/trigger-audit";
import { displayName, type DvDeps } from "./dv-messages";
import { requestorRecipient, tellEveryone } from "./dv-notices";
import { openText, subjectKey } from "./dv-secrets";
import * as q from "./dv.queries";

type Row = { id: number };

async function rowsByIds(tx: DbOrTx, ids: number[]): Promise<DeathVerificationRequest[]> {
  const out: DeathVerificationRequest[] = [];
  for (const id of ids) {
    const r = await q.findRequest(tx, id);
    if (r) out.push(r);
  }
  return out;
}

/**
 * The subject is alive: any sign-in or check-in before a waiting period ends rejects every open request about them
 * (pending, in review, or verified and waiting) with one conditional update, tells every party and is audited.
 * Nothing those requests would have released is released: completion only takes `verified` rows. The subject's own
 * rehearsals are left to run their course. Run in the activity's own transaction (check-in/activity.ts).
 */
export async function stopRequestsOnActivity(tx: DbOrTx, deps: DvDeps, userId: number, now: Date): Promise<number> {
  const moved = await tx.execute<Row>(sql`
    update death_verification_requests
    set status = 'rejected', rejected_by = 'subject_activity', rejected_at = ${now}, next_reminder_at = null,
        updated_at = ${now}
    where user_id = ${userId} and rehearsal = false and status in ('pending', 'in_review', 'appealed', 'verified')
    returning id`);
  if (moved.rows.length === 0) return 0;
  const subject = (await q.findPerson(tx, userId))!;
  const dek = await subjectKey(tx, deps.keyring, userId);
  for (const r of await rowsByIds(
    tx,
    moved.rows.map((m) => Number(m.id)),
  )) {
    const place = { table: "death_verification_requests" as const, userId, rowId: r.id };
    const requestor = await requestorRecipient(tx, r, openText(dek, place, "reporterEmail", r.reporterEmail));
    await tellEveryone(tx, deps, {
      request: r,
      subject,
      requestor,
      notice: {
        kind: "death_verification_stopped",
        subject: "A death verification was stopped",
        paragraphs: [
          `${displayName(subject)} has signed in or checked in, so the death verification about them was stopped. Nothing will be released.`,
        ],
        link: "/trusted",
      },
    });
  }
  await auditInTx(
    tx,
    moved.rows.map((m) => ({
      at: now,
      actorId: userId,
      subjectUserId: userId,
      action: "death_verification_stopped" as const,
      target: `death_verification:${m.id}`,
      details: { by: "subject_activity" },
    })),
  );
  return moved.rows.length;
}

/**
 * What an unchallenged death verification carries out about `userId`, in one transaction: their pending
 * `death_certificate` triggers complete through the trigger and release engine, and their estate distribution
 * becomes active with its immediate kinds released at once (the later steps are the scheduler's, dv-task.ts).
 */
export async function carryOutEstate(tx: DbOrTx, deps: DvDeps, p: { userId: number; now: Date }): Promise<number[]> {
  const fired = await fireDeathCertificateTriggers(tx, deps, p);
  await startDistribution(tx, deps, p);
  return fired;
}

/**
 * Ends one batch of waiting periods in one transaction: verified requests past `waitingPeriodEnd` move to `completed`
 * with one conditional update (a sign-in that got there first has already moved them to `rejected`, and they are not
 * touched); then each real one carries out the estate, once per subject. A rehearsal completes and releases nothing.
 */
export async function completeWaitingPeriods(deps: DvDeps & { database: { db: Db } }, now: Date, limit: number) {
  return runInTransaction(deps.database.db, async (tx) => {
    const moved = await tx.execute<Row>(sql`
      with due as (
        select id from death_verification_requests
        where status = 'verified' and waiting_period_end <= ${now}
        order by waiting_period_end, id
        limit ${limit}
        for update skip locked
      )
      update death_verification_requests r
      set status = 'completed', completed_at = ${now}, next_reminder_at = null, updated_at = ${now}
      from due where r.id = due.id and r.status = 'verified'
      returning r.id`);
    const rows = await rowsByIds(
      tx,
      moved.rows.map((m) => Number(m.id)),
    );
    const done = new Set<number>();
    for (const r of rows) {
      const subject = await q.findPerson(tx, r.userId);
      if (!subject) continue;
      if (!r.rehearsal && !done.has(r.userId)) {
        done.add(r.userId);
        await carryOutEstate(tx, deps, { userId: r.userId, now });
      }
      await tellEveryone(tx, deps, {
        request: r,
        subject,
        requestor: undefined,
        notice: {
          kind: "death_verification_completed",
          subject: r.rehearsal ? "Your rehearsal has finished" : "A death verification has completed",
          paragraphs: [
            r.rehearsal
              ? "The waiting period of your rehearsal ended. In a real verification your estate plan would now be carried out; nothing was released."
              : `The waiting period for ${displayName(subject)} ended without any sign of activity. Their estate plan is being carried out.`,
          ],
          link: "/trusted",
          test: r.rehearsal,
        },
      });
    }
    await auditInTx(
      tx,
      rows.map((r) => ({
        at: now,
        actorId: null,
        subjectUserId: r.userId,
        action: "death_verification_completed" as const,
        target: `death_verification:${r.id}`,
        details: { rehearsal: r.rehearsal },
      })),
    );
    return rows.length;
  });
}

/**
 * A trusted party was revoked (design/state-machines.md: their open confirmations and reports lapse): the open
 * requests they made are rejected and their answers to open requests no longer count. Run in the revocation's own
 * transaction; conditional on the open statuses, so a decided request is left as it is.
 */
export async function lapsePartyRequests(tx: DbOrTx, p: { partyId: number; now: Date }): Promise<number> {
  const lapsed = await tx.execute<Row>(sql`
    update death_verification_requests
    set status = 'rejected', rejected_by = 'party_revoked', rejected_at = ${p.now}, next_reminder_at = null,
        updated_at = ${p.now}
    where requestor_party_id = ${p.partyId} and status in ('pending', 'in_review', 'appealed')
    returning id`);
  await tx.execute(sql`
    delete from death_verification_confirmations c
    using death_verification_requests r
    where c.request_id = r.id and c.party_id = ${p.partyId} and r.status in ('pending', 'in_review', 'appealed')`);
  return lapsed.rows.length;
}
