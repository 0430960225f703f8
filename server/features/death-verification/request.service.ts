import type { DeathVerificationRequest } from "@shared/schema";
import { REQUEST_BAR_DAYS } from "@shared/death-verification";
import type { CreateDeathVerificationRequestInput } from "@shared/validators/death-verification";
import { runInTransaction, type Db } from "../../db";
import { checkAccess } from "../../lib/access";
import { conflict, notFound } from "../../lib/app-error";
import { auditInTx } from "../triggers/trigger-audit";
import { announceRequest } from "./dv-notices";
import type { DvDeps } from "./dv-messages";
import * as q from "./dv.queries";

export type DeathVerificationDeps = DvDeps & { db: Db };
const DAY_MS = 24 * 60 * 60 * 1000;

export const BARRED_MESSAGE = "You cannot open another request about this person yet.";
export const ALREADY_OPEN_MESSAGE = "You already have an open request about this person.";

const FLAGS = [
  "governmentRecordCheck",
  "medicalRecordCheck",
  "familyConfirmation",
  "documentUpload",
  "ghanaHealthServiceCheck",
  "birthsDeathsRegistryCheck",
  "ghanaCardVerification",
  "mobileMoneyInactivity",
] as const;

/** The spec's check flags the requestor asked for; nothing else of the body reaches the row (MASS-06). */
const flagsOf = (input: CreateDeathVerificationRequestInput) =>
  Object.fromEntries(FLAGS.map((f) => [f, input[f] === true])) as Record<(typeof FLAGS)[number], boolean>;

/**
 * Opens a death verification request (contract). Without `subjectUserId` the caller rehearses about themselves:
 * every message a test, nothing ever released. With it, the caller must be an active trusted party of the subject
 * allowed to initiate (`death-verification:initiate`; anything else is the same 404 as an unknown person), with no
 * open request and no rejected one in the last 30 days about them. Status and score always start at their defaults.
 */
export async function createRequest(
  deps: DeathVerificationDeps,
  p: { userId: number; input: CreateDeathVerificationRequestInput; requestId?: string | null; ip?: string | null },
): Promise<DeathVerificationRequest> {
  const { db, ...ctx } = deps;
  const now = ctx.clock.now();
  const rehearsal = p.input.subjectUserId === undefined || p.input.subjectUserId === p.userId;
  const subjectId = rehearsal ? p.userId : p.input.subjectUserId!;
  return runInTransaction(db, async (tx) => {
    let partyId: number | null = null;
    if (!rehearsal) {
      const rows = await q.partyRowsNaming(tx, subjectId, p.userId);
      const allowed = await checkAccess(tx, { userId: p.userId }, "death-verification:initiate", rows);
      if (allowed.size === 0) throw notFound();
      partyId = [...allowed][0];
      const since = new Date(now.getTime() - REQUEST_BAR_DAYS * DAY_MS);
      if (await q.rejectedSince(tx, { subjectId, requestorId: p.userId, since })) throw conflict(BARRED_MESSAGE);
      if (await q.openRequestBy(tx, subjectId, p.userId)) throw conflict(ALREADY_OPEN_MESSAGE);
    }
    const subject = await q.findPerson(tx, subjectId);
    if (!subject || subject.status !== "active") throw notFound();
    const row = await q.insertRequest(tx, {
      ...flagsOf(p.input),
      userId: subjectId,
      requestorId: p.userId,
      requestorPartyId: partyId,
      requestorType: rehearsal ? p.input.requestorType : "trusted_party",
      rehearsal,
      status: "pending",
      createdAt: now,
      updatedAt: now,
    });
    await announceRequest(tx, ctx, row, subject);
    await auditInTx(tx, [
      {
        at: now,
        actorId: p.userId,
        subjectUserId: subjectId,
        action: "death_verification_requested",
        target: `death_verification:${row.id}`,
        details: { rehearsal, requestorType: row.requestorType },
        requestId: p.requestId,
        ip: p.ip,
      },
    ]);
    return row;
  });
}
