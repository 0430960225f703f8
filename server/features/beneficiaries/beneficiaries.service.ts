import type { Logger } from "pino";
import type { Beneficiary } from "@shared/schema";
import { PLANS, normalizePlanId } from "@shared/plans";
import type { CreateBeneficiaryInput, UpdateBeneficiaryInput } from "@shared/validators/beneficiaries";
import { runInTransaction, type Db, type DbOrTx, type Tx } from "../../db";
import { conflict, notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { dropUnsentMessages, enqueueEmail, tokenHashPrefix, type OutboxWriteDeps } from "../../lib/outbox/enqueue";
import { assertCanMessageOthers } from "../../lib/outbox/message-caps";
import { assertWithinPlan, lockUser } from "../../lib/plan-limits";
import { generateToken, hashToken } from "../../lib/tokens";
import { beneficiaryVerificationMail } from "./beneficiary-mail";
import { rearmAgeTriggers } from "../triggers/rearm-age";
import * as q from "./beneficiaries.queries";

export const VERIFICATION_TTL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
export const ALREADY_VERIFIED_MESSAGE = "This beneficiary has already confirmed their e-mail address.";

export type BeneficiaryCtx = { outbox: OutboxWriteDeps; publicUrl: string; clock: Clock; logger: Logger };
export type Owner = { id: number; firstName: string | null; lastName: string | null; email: string };
/** What the beneficiary services need: the database and, for the ones that mail, the outbox context. */
export type BeneficiaryDeps = BeneficiaryCtx & { db: Db };

export type ListBeneficiariesOptions = { userId: number; limit: number; offset: number; q?: string };
export type GetBeneficiaryOptions = { userId: number; id: number };
export type DeleteBeneficiaryOptions = { userId: number; id: number };
/** The acting user is `owner` (its id is the userId): the verification mail names them. */
export type CreateBeneficiaryOptions = { owner: Owner; input: CreateBeneficiaryInput };
export type UpdateBeneficiaryOptions = { owner: Owner; id: number; input: UpdateBeneficiaryInput };
export type ResendVerificationOptions = { owner: Owner; id: number };

type FreshToken = { token: string; tokenHash: string; expires: Date };

function freshToken(now: Date): FreshToken {
  const token = generateToken();
  return { token, tokenHash: hashToken(token), expires: new Date(now.getTime() + VERIFICATION_TTL_DAYS * DAY_MS) };
}

/** Every message about one beneficiary's link shares this dedupe-key prefix, so a new link can drop the old ones. */
const linkKeyPrefix = (beneficiaryId: number) => `beneficiary-verify:${beneficiaryId}:`;

/**
 * The caps on messages to other people, checked before anything is written (429 rolls the whole write back).
 * Answers whether the owner's own e-mail is verified, i.e. whether the link may leave now or must be held.
 */
function checkCaps(tx: Tx, ctx: BeneficiaryCtx, owner: Owner, recipient: string) {
  return assertCanMessageOthers(tx, ctx, { senderUserId: owner.id, recipient });
}

/**
 * Queues the single-use link in the caller's transaction: held until the owner's own e-mail is verified, and any
 * earlier link for this beneficiary that has not left yet is dropped (it no longer works anyway).
 */
async function queueVerificationMail(
  tx: Tx,
  ctx: BeneficiaryCtx,
  p: { beneficiary: Beneficiary; owner: Owner; token: FreshToken; senderVerified: boolean },
): Promise<void> {
  const b = p.beneficiary;
  await dropUnsentMessages(tx, { senderUserId: p.owner.id, dedupePrefix: linkKeyPrefix(b.id) });
  const mail = beneficiaryVerificationMail({
    to: b.email,
    beneficiaryFirstName: b.firstName,
    owner: p.owner,
    url: `${ctx.publicUrl}/verify-beneficiary/${p.token.token}`,
    expiresInDays: VERIFICATION_TTL_DAYS,
  });
  await enqueueEmail(tx, ctx.outbox, mail, {
    kind: "beneficiary_verification",
    dedupeKey: `${linkKeyPrefix(b.id)}${tokenHashPrefix(p.token.tokenHash)}`,
    senderUserId: p.owner.id,
    toOthers: true,
    held: !p.senderVerified,
  });
}

/**
 * The owner's beneficiaries, newest first, with the total for X-Total-Count from owner_counts (kept by triggers), in
 * one prepared statement.
 */
export async function listBeneficiaries(deps: Pick<BeneficiaryDeps, "db">, p: ListBeneficiariesOptions) {
  return q.listBeneficiariesPrepared(deps.db, p);
}

/** One of the owner's beneficiaries; another user's id is the same 404 as a missing one. */
export async function getBeneficiary(
  deps: Pick<BeneficiaryDeps, "db">,
  p: GetBeneficiaryOptions,
): Promise<Beneficiary> {
  const row = await q.findBeneficiary(deps.db, p);
  if (!row) throw notFound();
  return row;
}

/** How many beneficiaries the user has (a restore checks the plan's limit with it). */
export function countOwnBeneficiaries(db: DbOrTx, userId: number): Promise<number> {
  return q.countBeneficiaries(db, userId);
}

/**
 * Creates a pending beneficiary within the plan's limit and queues their verification link in the same transaction
 * (held until the owner's e-mail is verified). The count runs under a lock on the owner's row, so parallel creates
 * cannot pass the limit together; the mail caps are checked first, and a refusal creates nothing.
 */
export async function createBeneficiary(deps: BeneficiaryDeps, p: CreateBeneficiaryOptions): Promise<Beneficiary> {
  const { db, ...ctx } = deps;
  const now = ctx.clock.now();
  const t = freshToken(now);
  const row = await runInTransaction(db, async (tx) => {
    // Parallel creates of one user queue on the owner's row, so each one counts the rows the previous one inserted.
    const plan = PLANS[normalizePlanId((await lockUser(tx, p.owner.id))?.plan)];
    const limit = plan.limits.beneficiaries;
    if (limit !== null) {
      const current = await q.countBeneficiaries(tx, p.owner.id);
      assertWithinPlan({ limit, current, adding: 1, what: "beneficiaries", planName: plan.name });
    }
    const { senderVerified } = await checkCaps(tx, ctx, p.owner, p.input.email);
    const beneficiary = await q.insertBeneficiary(tx, {
      ...p.input,
      userId: p.owner.id,
      status: "pending",
      verificationToken: t.tokenHash,
      verificationExpires: t.expires,
      createdAt: now,
      updatedAt: now,
    });
    await queueVerificationMail(tx, ctx, { beneficiary, owner: p.owner, token: t, senderVerified });
    return beneficiary;
  });
  return row;
}

/**
 * Updates the owner's beneficiary. Status is never taken from the input; a new e-mail address returns the
 * beneficiary to pending with a fresh link (the old link dies with the old hash), within the mail caps.
 */
export async function updateBeneficiary(deps: BeneficiaryDeps, p: UpdateBeneficiaryOptions): Promise<Beneficiary> {
  const { db, ...ctx } = deps;
  const now = ctx.clock.now();
  const t = freshToken(now);
  const owned = { userId: p.owner.id, id: p.id };
  const { firstName, lastName, email, relationship, dateOfBirth } = p.input;
  const result = await runInTransaction(db, async (tx) => {
    // Lock order on every path that may queue or drop messages: the owner's row, the beneficiary, the outbox rows.
    await lockUser(tx, p.owner.id);
    const current = await q.findBeneficiaryForUpdate(tx, owned);
    if (!current) throw notFound();
    const emailChanged = email !== undefined && email !== current.email.toLowerCase();
    const caps = emailChanged ? await checkCaps(tx, ctx, p.owner, email) : undefined;
    const reset = emailChanged
      ? { status: "pending", verifiedAt: null, verificationToken: t.tokenHash, verificationExpires: t.expires }
      : {};
    const row = await q.updateBeneficiary(tx, owned, {
      firstName,
      lastName,
      email,
      relationship,
      dateOfBirth,
      updatedAt: now,
      ...reset,
    });
    if (!row) throw notFound();
    if (dateOfBirth !== undefined && dateOfBirth !== current.dateOfBirth) {
      await rearmAgeTriggers(tx, { userId: p.owner.id, beneficiaryId: p.id, dateOfBirth });
    }
    if (caps) await queueVerificationMail(tx, ctx, { beneficiary: row, owner: p.owner, token: t, ...caps });
    return row;
  });
  return result;
}

/**
 * Deletes the owner's beneficiary; its assets of every type become unassigned in the same statement (FK), and a link
 * still waiting to be sent to them is dropped. The owner's row is locked first, as every path that touches the
 * owner's queued messages does, so two such transactions never lock the same rows in opposite orders.
 */
export async function deleteBeneficiary(deps: Pick<BeneficiaryDeps, "db">, p: DeleteBeneficiaryOptions): Promise<void> {
  await runInTransaction(deps.db, async (tx) => {
    await lockUser(tx, p.userId);
    if (!(await q.deleteBeneficiary(tx, p))) throw notFound();
    await dropUnsentMessages(tx, { senderUserId: p.userId, dedupePrefix: linkKeyPrefix(p.id) });
  });
}

/**
 * Issues a new link (the previous one stops working) and queues it, within the mail caps; a verified beneficiary
 * answers 409, another owner's 404.
 */
export async function resendVerification(deps: BeneficiaryDeps, p: ResendVerificationOptions): Promise<Beneficiary> {
  const { db, ...ctx } = deps;
  const now = ctx.clock.now();
  const t = freshToken(now);
  const owned = { userId: p.owner.id, id: p.id };
  return runInTransaction(db, async (tx) => {
    const current = await q.findBeneficiary(tx, owned);
    if (!current) throw notFound();
    if (current.status === "verified") throw conflict(ALREADY_VERIFIED_MESSAGE);
    const caps = await checkCaps(tx, ctx, p.owner, current.email);
    const row = await q.reissueToken(tx, owned, { tokenHash: t.tokenHash, expires: t.expires, now });
    if (!row) throw conflict(ALREADY_VERIFIED_MESSAGE);
    await queueVerificationMail(tx, ctx, { beneficiary: row, owner: p.owner, token: t, ...caps });
    return row;
  });
}
