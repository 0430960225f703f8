import type { Logger } from "pino";
import type { Beneficiary } from "@shared/schema";
import { PLANS, normalizePlanId } from "@shared/plans";
import type { CreateBeneficiaryInput, UpdateBeneficiaryInput } from "@shared/validators/beneficiaries";
import { runInTransaction, type Db } from "../../db";
import { AppError, conflict, notFound, paymentRequired } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Mailer } from "../../lib/mail/mailer";
import { generateToken, hashToken } from "../../lib/tokens";
import { beneficiaryVerificationMail } from "./beneficiary-mail";
import * as q from "./beneficiaries.queries";

export const VERIFICATION_TTL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
export const ALREADY_VERIFIED_MESSAGE = "This beneficiary has already confirmed their e-mail address.";
export const MAIL_FAILED_MESSAGE = "The e-mail could not be sent right now. Please try again in a moment.";

export type BeneficiaryCtx = { mailer: Mailer; publicUrl: string; clock: Clock; logger: Logger };
export type Owner = { id: number; firstName: string | null; lastName: string | null; email: string };

type FreshToken = { token: string; tokenHash: string; expires: Date };

function freshToken(now: Date): FreshToken {
  const token = generateToken();
  return { token, tokenHash: hashToken(token), expires: new Date(now.getTime() + VERIFICATION_TTL_DAYS * DAY_MS) };
}

/** Mails the single-use link; answers false (and logs) when the mail server refused, so callers decide. */
async function sendVerificationMail(
  ctx: BeneficiaryCtx,
  b: Beneficiary,
  owner: Owner,
  token: string,
): Promise<boolean> {
  const ownerName = [owner.firstName, owner.lastName].filter(Boolean).join(" ") || owner.email;
  const url = `${ctx.publicUrl}/verify-beneficiary/${token}`;
  try {
    await ctx.mailer.send(
      beneficiaryVerificationMail({
        to: b.email,
        beneficiaryFirstName: b.firstName,
        ownerName,
        url,
        expiresInDays: VERIFICATION_TTL_DAYS,
      }),
    );
    return true;
  } catch (err) {
    ctx.logger.warn(
      { err: { message: (err as Error).message }, beneficiaryId: b.id },
      "beneficiary verification mail failed",
    );
    return false;
  }
}

/**
 * The owner's beneficiaries, newest first, with the total for X-Total-Count from owner_counts (kept by triggers), in
 * one prepared statement.
 */
export async function listBeneficiaries(db: Db, p: { userId: number; limit: number; offset: number; q?: string }) {
  return q.listBeneficiariesPrepared(db, p);
}

/** One of the owner's beneficiaries; another user's id is the same 404 as a missing one. */
export async function getBeneficiary(db: Db, p: { userId: number; id: number }): Promise<Beneficiary> {
  const row = await q.findBeneficiary(db, p);
  if (!row) throw notFound();
  return row;
}

/**
 * Creates a pending beneficiary within the plan's limit and mails them a verification link. The count runs under a
 * lock on the owner's row, so parallel creates cannot pass the limit together. A mail failure does not undo the
 * row: the owner can resend.
 */
export async function createBeneficiary(
  db: Db,
  ctx: BeneficiaryCtx,
  p: { owner: Owner; input: CreateBeneficiaryInput },
): Promise<Beneficiary> {
  const now = ctx.clock.now();
  const t = freshToken(now);
  const row = await runInTransaction(db, async (tx) => {
    const plan = PLANS[normalizePlanId(await q.lockOwnerPlan(tx, p.owner.id))];
    const limit = plan.limits.beneficiaries;
    if (limit !== null && (await q.countBeneficiaries(tx, p.owner.id)) >= limit) {
      throw paymentRequired(`Your ${plan.name} plan allows ${limit} beneficiaries. Upgrade your plan to add more.`);
    }
    return q.insertBeneficiary(tx, {
      ...p.input,
      userId: p.owner.id,
      status: "pending",
      verificationToken: t.tokenHash,
      verificationExpires: t.expires,
      createdAt: now,
      updatedAt: now,
    });
  });
  await sendVerificationMail(ctx, row, p.owner, t.token);
  return row;
}

/**
 * Updates the owner's beneficiary. Status is never taken from the input; a new e-mail address returns the
 * beneficiary to pending with a fresh link (the old link dies with the old hash).
 */
export async function updateBeneficiary(
  db: Db,
  ctx: BeneficiaryCtx,
  p: { owner: Owner; id: number; input: UpdateBeneficiaryInput },
): Promise<Beneficiary> {
  const now = ctx.clock.now();
  const t = freshToken(now);
  const owned = { userId: p.owner.id, id: p.id };
  const { firstName, lastName, email, relationship } = p.input;
  const result = await runInTransaction(db, async (tx) => {
    const current = await q.findBeneficiaryForUpdate(tx, owned);
    if (!current) throw notFound();
    const emailChanged = email !== undefined && email !== current.email.toLowerCase();
    const reset = emailChanged
      ? { status: "pending", verifiedAt: null, verificationToken: t.tokenHash, verificationExpires: t.expires }
      : {};
    const row = await q.updateBeneficiary(tx, owned, {
      firstName,
      lastName,
      email,
      relationship,
      updatedAt: now,
      ...reset,
    });
    if (!row) throw notFound();
    return { row, emailChanged };
  });
  if (result.emailChanged) await sendVerificationMail(ctx, result.row, p.owner, t.token);
  return result.row;
}

/** Deletes the owner's beneficiary; its assets of every type become unassigned in the same statement (FK). */
export async function deleteBeneficiary(db: Db, p: { userId: number; id: number }): Promise<void> {
  if (!(await q.deleteBeneficiary(db, p))) throw notFound();
}

/** Issues a new link (the previous one stops working) and mails it; a verified beneficiary answers 409. */
export async function resendVerification(
  db: Db,
  ctx: BeneficiaryCtx,
  p: { owner: Owner; id: number },
): Promise<Beneficiary> {
  const now = ctx.clock.now();
  const t = freshToken(now);
  const owned = { userId: p.owner.id, id: p.id };
  const row = await q.reissueToken(db, owned, { tokenHash: t.tokenHash, expires: t.expires, now });
  if (!row) {
    if (!(await q.findBeneficiary(db, owned))) throw notFound();
    throw conflict(ALREADY_VERIFIED_MESSAGE);
  }
  if (!(await sendVerificationMail(ctx, row, p.owner, t.token))) throw new AppError(503, MAIL_FAILED_MESSAGE);
  return row;
}
