import {
  APPEAL_DAYS,
  CONFIRMATIONS_NEEDED,
  REVIEWABLE_DEATH_VERIFICATION_STATUSES,
  SOURCE_CHECKS,
  VERIFY_THRESHOLD,
  WAITING_PERIOD_DAYS,
  scoreOf,
  type CheckName,
} from "@shared/death-verification";
import type { RecordedCheck } from "@shared/schema";
import type { ReviewDeathVerificationInput } from "@shared/validators/death-verification";
import { runInTransaction } from "../../db";
import { AppError, conflict, notFound } from "../../lib/app-error";
import { formatInstant } from "../triggers/format-instant";
import { auditInTx } from "../triggers/trigger-audit";
import { displayName, sendNotices } from "./dv-messages";
import { announceVerified, requestorRecipient } from "./dv-notices";
import { openText, sealText, subjectKey } from "./dv-secrets";
import { presentForReview } from "./dv.presenter";
import * as q from "./dv.queries";
import { appealReasonOf, derivedChecks, notesOf } from "./list.service";
import { firstReminderAt } from "./reminders";
import type { DeathVerificationDeps } from "./request.service";

const DAY_MS = 24 * 60 * 60 * 1000;
export const NOT_REVIEWABLE_MESSAGE = "This request is not awaiting review.";
export const LOW_SCORE_MESSAGE = `A request can be verified at a score of ${VERIFY_THRESHOLD} or more.`;
export const DOCUMENTS_PENDING_MESSAGE = "Review every uploaded document first.";
export const CONFIRMATIONS_MESSAGE = `This person has several trusted parties: ${CONFIRMATIONS_NEEDED} must confirm first.`;
const REVIEWABLE = REVIEWABLE_DEATH_VERIFICATION_STATUSES;

/** The admin queue (`?status=` one of the statuses, else the open ones), newest first, with everything to decide. */
export async function listForReview(
  deps: DeathVerificationDeps,
  p: { statuses: string[]; limit: number; offset: number; id?: number },
) {
  const { rows, total } = await q.listForReview(deps.db, p);
  const items = [];
  for (const r of rows) {
    const documents = await q.documentsOf(deps.db, [r.id]);
    const confirmations = await q.confirmationsOf(deps.db, [r.id]);
    const people = await q.peopleById(deps.db, [r.userId, ...(r.requestorId ? [r.requestorId] : [])]);
    const subject = people.get(r.userId);
    const requestor = r.requestorId ? people.get(r.requestorId) : undefined;
    const dek = await subjectKey(deps.db, deps.keyring, r.userId);
    const place = { table: "death_verification_requests" as const, userId: r.userId, rowId: r.id };
    items.push(
      presentForReview(r, {
        subjectName: subject ? displayName(subject) : "",
        subjectEmail: subject?.email ?? "",
        requestorName: requestor ? displayName(requestor) : openText(dek, place, "reporterName", r.reporterName),
        documents,
        confirmations,
        activeParties: (await q.activePartiesOf(deps.db, r.userId)).length,
        derived: derivedChecks(r, documents, confirmations).derived,
        notes: await notesOf(deps.db, deps.keyring, r),
        appealReason: await appealReasonOf(deps.db, deps.keyring, r),
      }),
    );
  }
  return { items, total };
}

/**
 * An admin's review, in one transaction on the locked request: the document verdicts, the recorded source checks,
 * the server's score; then `verify` (score ≥ 80, no document unreviewed, two confirmations when the subject has two
 * or more active parties) starts the 30-day waiting period and tells the subject at once on every channel, or
 * `reject` tells the requestor with the reason. Any refusal changes nothing.
 */
export async function reviewRequest(
  deps: DeathVerificationDeps,
  p: { adminId: number; id: number; input: ReviewDeathVerificationInput },
) {
  const { db, ...ctx } = deps;
  const now = ctx.clock.now();
  return runInTransaction(db, async (tx) => {
    const request = await q.findRequest(tx, p.id, true);
    if (!request) throw notFound();
    if (!(REVIEWABLE as readonly string[]).includes(request.status)) throw conflict(NOT_REVIEWABLE_MESSAGE);
    for (const d of p.input.documents) {
      const found = await q.setDocumentVerdict(tx, {
        requestId: request.id,
        documentId: d.id,
        status: d.status,
        notes: d.notes ?? null,
      });
      if (!found) throw new AppError(400, "Unknown document", [{ path: "documents", message: "Unknown document" }]);
    }
    const documents = await q.documentsOf(tx, [request.id]);
    const confirmations = await q.confirmationsOf(tx, [request.id]);
    const { derived, confirmCount } = derivedChecks(request, documents, confirmations);
    const checks: Record<string, RecordedCheck> = {};
    const confirmed: Partial<Record<CheckName, boolean>> = { ...derived };
    for (const name of SOURCE_CHECKS) {
      const c = p.input.checks[name];
      if (!c) continue;
      checks[name] = { confirmed: c.confirmed, reference: c.reference ?? null };
      confirmed[name] = c.confirmed;
    }
    const { score } = scoreOf(confirmed);
    const subject = (await q.findPerson(tx, request.userId))!;
    const dek = await subjectKey(tx, ctx.keyring, request.userId);
    const place = { table: "death_verification_requests" as const, userId: request.userId, rowId: request.id };
    const common = {
      checks,
      verificationScore: score,
      reviewedBy: p.adminId,
      reviewedAt: now,
      notes: sealText(dek, place, "notes", p.input.notes),
      updatedAt: now,
      ...Object.fromEntries(SOURCE_CHECKS.map((n) => [n, confirmed[n] === true])),
      familyConfirmation: confirmed.familyConfirmation === true || request.familyConfirmation,
      documentUpload: confirmed.documentUpload === true,
    };
    if (p.input.decision === "verify") {
      if (score < VERIFY_THRESHOLD) throw conflict(LOW_SCORE_MESSAGE);
      if (documents.some((d) => d.verificationStatus === "pending")) throw conflict(DOCUMENTS_PENDING_MESSAGE);
      const parties = (await q.activePartiesOf(tx, request.userId)).length;
      if (parties >= CONFIRMATIONS_NEEDED && confirmCount < CONFIRMATIONS_NEEDED) throw conflict(CONFIRMATIONS_MESSAGE);
      const end = new Date(now.getTime() + WAITING_PERIOD_DAYS * DAY_MS);
      const moved = await q.moveRequest(tx, request.id, REVIEWABLE, {
        ...common,
        status: "verified",
        waitingPeriodStart: now,
        waitingPeriodEnd: end,
        nextReminderAt: firstReminderAt(now, end),
        remindersSent: 0,
      });
      if (!moved) throw conflict(NOT_REVIEWABLE_MESSAGE);
      await announceVerified(tx, ctx, moved, subject);
      await auditInTx(tx, [entry(p.adminId, moved.userId, moved.id, "death_verification_verified", now, score)]);
      return moved;
    }
    // An admin's first rejection of a real request by an account may be appealed for 30 days (a family reporter has
    // no account to appeal from); the decision on an appeal is final.
    const final = request.rehearsal || request.appealedAt !== null || request.requestorId === null;
    const deadline = final ? null : new Date(now.getTime() + APPEAL_DAYS * DAY_MS);
    const moved = await q.moveRequest(tx, request.id, REVIEWABLE, {
      ...common,
      status: "rejected",
      rejectedBy: "admin",
      rejectedAt: now,
      appealDeadline: deadline,
    });
    if (!moved) throw conflict(NOT_REVIEWABLE_MESSAGE);
    const reporterEmail = openText(dek, place, "reporterEmail", request.reporterEmail);
    const requestor = await requestorRecipient(tx, moved, reporterEmail);
    const reason = p.input.notes ? `Reason: ${p.input.notes}` : "No reason was given.";
    const next =
      deadline && moved.requestorId !== null
        ? `You may appeal this decision from your Trusted Party area until ${formatInstant(deadline)}.`
        : request.appealedAt !== null
          ? "This was the review of your appeal: the decision is final."
          : null;
    if (requestor) {
      await sendNotices(tx, ctx, [
        {
          to: requestor,
          notice: {
            kind: "death_verification_rejected",
            subject: request.appealedAt
              ? "Your appeal was not accepted"
              : "Your death verification request was not accepted",
            paragraphs: [
              `Your request about ${displayName(subject)} was rejected after review.`,
              reason,
              ...(next ? [next] : []),
            ],
            link: moved.rehearsal ? "/death-verification" : "/trusted",
            dedupeKey: `dv:${moved.id}:${request.appealedAt ? "appeal-rejected" : "rejected"}:requestor`,
            test: moved.rehearsal,
          },
        },
      ]);
    }
    await auditInTx(tx, [entry(p.adminId, moved.userId, moved.id, "death_verification_rejected", now, score)]);
    return moved;
  });
}

const entry = (
  actorId: number,
  subjectUserId: number,
  id: number,
  action: "death_verification_verified" | "death_verification_rejected",
  at: Date,
  score: number,
) => ({ at, actorId, subjectUserId, action, target: `death_verification:${id}`, details: { score } });
