import type { DeathVerificationRequest } from "@shared/schema";
import type { AppealDeathVerificationInput } from "@shared/validators/death-verification";
import { runInTransaction } from "../../db";
import { checkAccess, requireAccess } from "../../lib/access";
import { conflict } from "../../lib/app-error";
import { auditInTx } from "../triggers/trigger-audit";
import { announceAppeal, tellReviewers } from "./dv-notices";
import { sealText, subjectKey } from "./dv-secrets";
import * as q from "./dv.queries";
import type { DeathVerificationDeps } from "./request.service";

export const REHEARSAL_APPEAL_MESSAGE = "A rehearsal cannot be appealed.";
export const ALREADY_APPEALED_MESSAGE =
  "This request has already been appealed: the decision after an appeal is final.";
export const NOT_REJECTED_MESSAGE = "Only a rejected request can be appealed.";
export const VETOED_MESSAGE =
  "This request was stopped because the person showed signs of life on Heirloom: it cannot be appealed.";
export const CLOSED_MESSAGE = "This request was closed when your role as a trusted party ended: it cannot be appealed.";
export const DEADLINE_PASSED_MESSAGE = "The time to appeal this decision has passed.";
export const NO_LONGER_PARTY_MESSAGE =
  "You are no longer a trusted party of this person: the request cannot be appealed.";

/** Why `request` cannot be appealed at `now`, or null when it can (the conditional update decides races). */
export function appealRefusal(request: DeathVerificationRequest, now: Date): string | null {
  if (request.rehearsal) return REHEARSAL_APPEAL_MESSAGE;
  if (request.appealedAt !== null) return ALREADY_APPEALED_MESSAGE;
  if (request.status !== "rejected") return NOT_REJECTED_MESSAGE;
  if (request.rejectedBy === "subject_activity") return VETOED_MESSAGE;
  if (request.rejectedBy !== "admin") return CLOSED_MESSAGE;
  if (!request.appealDeadline || request.appealDeadline.getTime() <= now.getTime()) return DEADLINE_PASSED_MESSAGE;
  return null;
}

/**
 * rejected (by an admin) → appealed (design/state-machines.md): the requestor, within `appealDeadline`, with a reason
 * (ciphertext under the subject's data key). Anyone else gets 404 (`death-verification:appeal`); a request that cannot
 * be appealed — a rehearsal, already appealed, not rejected, stopped by the subject's own activity, past its deadline,
 * or whose requestor is no longer an active party allowed to report — is a 409 with the reason. One conditional
 * update moves it, so of two appeals together one wins; the subject (every channel) and the reviewers (e-mail and
 * bell) are told and it is audited, all in the same transaction.
 */
export async function appealRequest(
  deps: DeathVerificationDeps,
  p: {
    userId: number;
    id: number;
    input: AppealDeathVerificationInput;
    requestId?: string | null;
    ip?: string | null;
  },
): Promise<DeathVerificationRequest> {
  const { db, ...ctx } = deps;
  const now = ctx.clock.now();
  return runInTransaction(db, async (tx) => {
    await requireAccess(tx, { userId: p.userId }, "death-verification:appeal", p.id);
    const request = (await q.findRequest(tx, p.id))!;
    const refusal = appealRefusal(request, now);
    if (refusal) throw conflict(refusal);
    if (request.requestorPartyId !== null) {
      const still = await checkAccess(tx, { userId: p.userId }, "death-verification:initiate", [
        request.requestorPartyId,
      ]);
      if (still.size === 0) throw conflict(NO_LONGER_PARTY_MESSAGE);
    }
    const dek = await subjectKey(tx, ctx.keyring, request.userId);
    const place = { table: "death_verification_requests" as const, userId: request.userId, rowId: request.id };
    const moved = await q.appealRequest(tx, {
      id: request.id,
      now,
      reason: sealText(dek, place, "appealReason", p.input.reason),
    });
    if (!moved) throw conflict(ALREADY_APPEALED_MESSAGE);
    const subject = await q.findPerson(tx, moved.userId);
    if (subject) await announceAppeal(tx, ctx, moved, subject);
    await tellReviewers(tx, ctx, moved, "appeal");
    await auditInTx(tx, [
      {
        at: now,
        actorId: p.userId,
        subjectUserId: moved.userId,
        action: "death_verification_appealed",
        target: `death_verification:${moved.id}`,
        requestId: p.requestId,
        ip: p.ip,
      },
    ]);
    return moved;
  });
}
