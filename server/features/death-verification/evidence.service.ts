import type { DeathVerificationDocument, DeathVerificationRequest } from "@shared/schema";
import type { DocumentType } from "@shared/death-verification";
import type { ConfirmDeathVerificationInput } from "@shared/validators/death-verification";
import { runInTransaction, type DbOrTx } from "../../db";
import { requireAccess } from "../../lib/access";
import { conflict, notFound } from "../../lib/app-error";
import { notify } from "../../lib/notifications";
import type { BlobStorage } from "../../lib/storage";
import { auditInTx } from "../triggers/trigger-audit";
import type { StoredEvidence } from "./document-upload";
import { tellReviewers } from "./dv-notices";
import type { DeathVerificationDeps } from "./request.service";
import * as q from "./dv.queries";

export const ALREADY_ANSWERED_MESSAGE = "You have already answered this request.";

/**
 * pending → in_review (design/state-machines.md: evidence uploaded or confirmations arrived): one conditional update,
 * so of two events arriving together one moves it and the reviewers are told once (e-mail and bell).
 */
async function startReview(tx: DbOrTx, deps: DeathVerificationDeps, request: DeathVerificationRequest, now: Date) {
  const moved = await q.moveRequest(tx, request.id, ["pending"], { status: "in_review", updatedAt: now });
  if (!moved) return;
  await tellReviewers(tx, deps, moved, "review");
}

/** Checks the caller may add evidence (its requestor, while open) before any of the body is read. */
export async function requireUploader(deps: DeathVerificationDeps, p: { userId: number; id: number }) {
  await requireAccess(deps.db, { userId: p.userId }, "death-verification:upload", p.id);
  const request = await q.findRequest(deps.db, p.id);
  if (!request) throw notFound();
  return request;
}

/**
 * Records a stored evidence file against the request, checking again inside the transaction that the caller may
 * (the request may have been stopped meanwhile); a refusal deletes the blob, so nothing is left behind.
 */
export async function addDocument(
  deps: DeathVerificationDeps & { storage: BlobStorage },
  p: { userId: number; id: number; documentType: DocumentType; stored: StoredEvidence },
): Promise<DeathVerificationDocument> {
  const now = deps.clock.now();
  try {
    return await runInTransaction(deps.db, async (tx) => {
      await requireAccess(tx, { userId: p.userId }, "death-verification:upload", p.id);
      const request = (await q.findRequest(tx, p.id, true))!;
      const doc = await q.insertDocument(tx, {
        requestId: request.id,
        userId: request.userId,
        uploadedBy: p.userId,
        documentType: p.documentType,
        fileName: p.stored.fileName,
        filePath: p.stored.key,
        fileSize: p.stored.fileSize,
        mimeType: p.stored.mimeType,
        verificationStatus: "pending",
        createdAt: now,
      });
      await startReview(tx, deps, request, now);
      await auditInTx(tx, [
        {
          at: now,
          actorId: p.userId,
          subjectUserId: request.userId,
          action: "death_verification_document_added",
          target: `death_verification:${request.id}`,
          details: { documentType: p.documentType },
        },
      ]);
      return doc;
    });
  } catch (err) {
    await deps.storage.delete(p.stored.key);
    throw err;
  }
}

/**
 * A trusted party of the subject (not the requestor) confirms or denies, once: the unique index on (request, party)
 * with ON CONFLICT DO NOTHING counts two simultaneous answers once, and the second is 409. The first answer moves the
 * request to review and tells the subject.
 */
export async function answerRequest(
  deps: DeathVerificationDeps,
  p: { userId: number; id: number; input: ConfirmDeathVerificationInput },
): Promise<{ decision: string }> {
  const now = deps.clock.now();
  return runInTransaction(deps.db, async (tx) => {
    await requireAccess(tx, { userId: p.userId }, "death-verification:confirm", p.id);
    const request = (await q.findRequest(tx, p.id))!;
    const parties = (await q.activePartiesOf(tx, request.userId)).filter((x) => x.personId === p.userId);
    const answered = [];
    for (const party of parties) {
      const row = await q.insertConfirmation(tx, {
        requestId: request.id,
        partyId: party.id,
        personId: p.userId,
        decision: p.input.decision,
        createdAt: now,
      });
      if (row) answered.push(row);
    }
    if (answered.length === 0) throw conflict(ALREADY_ANSWERED_MESSAGE);
    await startReview(tx, deps, request, now);
    await notify(tx, deps, [
      {
        userId: request.userId,
        kind: "death_verification_answered",
        title: "A trusted party answered a death verification about you",
        body: "If you are reading this, sign in or check in: that stops it at once.",
        link: "/dashboard",
        dedupeKey: `dv:${request.id}:first-answer`,
      },
    ]);
    await auditInTx(tx, [
      {
        at: now,
        actorId: p.userId,
        subjectUserId: request.userId,
        action: "death_verification_answered",
        target: `death_verification:${request.id}`,
        details: { decision: p.input.decision },
      },
    ]);
    return { decision: p.input.decision };
  });
}
