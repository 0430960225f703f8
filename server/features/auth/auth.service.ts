import type { RegisterInput } from "@shared/validators/auth";
import type { User } from "@shared/schema";
import { runInTransaction, type Db, type Tx } from "../../db";
import { AppError, conflict, notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Logger } from "pino";
import type { Mailer } from "../../lib/mail/mailer";
import { passwordChangedMail, resetPasswordMail, verifyEmailMail } from "../../lib/mail/templates";
import { notify, settleNotifications } from "../../lib/notifications";
import { assertCanResendOwnVerification } from "../../lib/outbox/message-caps";
import {
  enqueueEmail,
  releaseHeldMessages,
  sealMessage,
  tokenHashPrefix,
  type OutboxWriteDeps,
} from "../../lib/outbox/enqueue";
import { DUMMY_PASSWORD_HASH, hashPassword, isCommonPassword, needsRehash, verifyPassword } from "../../lib/passwords";
import { generateToken, hashToken } from "../../lib/tokens";
import * as q from "./auth.queries";

const HOUR = 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = HOUR;
export const VERIFY_TOKEN_TTL_MS = 48 * HOUR;
export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose a less predictable one.";

/** Mail leaves through the outbox (`outbox`); `mailer` stays for sends that have not moved onto it yet. */
type MailCtx = { mailer: Mailer; outbox: OutboxWriteDeps; publicUrl: string; clock: Clock; logger?: Logger };

/** What the account services need: the database and the mail context (the shape every service takes: deps, options). */
export type AuthDeps = MailCtx & { db: Db };
export type RegisterUserOptions = { input: RegisterInput };
export type ResendVerificationOptions = { userId: number };
export type AuthenticateOptions = { email: string; password: string };
export type PasswordResetRequestOptions = { email: string };
export type ResetPasswordOptions = { token: string; password: string };
export type VerifyEmailOptions = { token: string };

/** A verification link for the user's own address, queued in `tx` with the user's new token hash. */
async function enqueueVerifyEmail(tx: Tx, ctx: MailCtx, user: User, token: string, tokenHash: string) {
  const mail = verifyEmailMail(user.email, user.firstName ?? "", `${ctx.publicUrl}/verify-email/${token}`);
  const key = `verify-email:${user.id}:${tokenHashPrefix(tokenHash)}`;
  await enqueueEmail(tx, ctx.outbox, mail, { kind: "verify_email", dedupeKey: key, senderUserId: user.id });
  await notify(tx, ctx, [
    {
      userId: user.id,
      kind: "verify_email",
      title: "Confirm your e-mail address",
      body: "We e-mailed you a link: open it to confirm your address, so messages to your beneficiaries can leave.",
      dedupeKey: key,
    },
  ]);
}

/**
 * Creates a local account (409 when the e-mail is taken) and queues its verification link in the same transaction:
 * with the mail server down, the account and its mail are both there (201), and the mail leaves when it is back.
 */
export async function registerUser(deps: AuthDeps, { input }: RegisterUserOptions): Promise<User> {
  const { db, ...ctx } = deps;
  if (isCommonPassword(input.password)) {
    throw new AppError(400, COMMON_PASSWORD_MESSAGE, [{ path: "password", message: COMMON_PASSWORD_MESSAGE }]);
  }
  const existing = await q.findUserByEmail(db, input.email);
  if (existing) throw conflict("An account with this email already exists.");
  const token = generateToken();
  const tokenHash = hashToken(token);
  const passwordHash = await hashPassword(input.password);
  return runInTransaction(db, async (tx) => {
    const user = await q.insertUser(tx, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      userType: input.userType,
      emailVerificationToken: tokenHash,
      emailVerificationExpires: new Date(ctx.clock.now().getTime() + VERIFY_TOKEN_TTL_MS),
    });
    if (!user) throw conflict("An account with this email already exists.");
    await enqueueVerifyEmail(tx, ctx, user, token, tokenHash);
    return user;
  });
}

/**
 * A fresh verification link for the signed-in user's own address (the previous link stops working). Nothing happens
 * when the address is already verified; a few per hour at most (429 beyond), so nobody can flood an address they
 * registered without owning it.
 */
export async function resendOwnVerification(
  deps: AuthDeps,
  { userId }: ResendVerificationOptions,
): Promise<"sent" | "verified"> {
  const { db, ...ctx } = deps;
  const token = generateToken();
  const tokenHash = hashToken(token);
  return runInTransaction(db, async (tx) => {
    const user = await q.findUserById(tx, userId);
    if (!user) throw notFound();
    if (user.emailVerified) return "verified";
    await assertCanResendOwnVerification(tx, ctx, userId);
    const updated = await q.updateUser(tx, userId, {
      emailVerificationToken: tokenHash,
      emailVerificationExpires: new Date(ctx.clock.now().getTime() + VERIFY_TOKEN_TTL_MS),
    });
    await enqueueVerifyEmail(tx, ctx, updated ?? user, token, tokenHash);
    return "sent";
  });
}

export type LoginResult = { ok: true; user: User } | { ok: false; reason: "invalid" | "suspended" };

/**
 * Checks e-mail and password. Unknown e-mails are verified against a dummy hash so both failures cost the same;
 * a weaker stored hash is upgraded on success.
 */
export async function authenticateLocal(
  { db }: Pick<AuthDeps, "db">,
  { email, password }: AuthenticateOptions,
): Promise<LoginResult> {
  const user = await q.findUserByEmail(db, email);
  if (!user || !user.passwordHash) {
    await verifyPassword(DUMMY_PASSWORD_HASH, password);
    return { ok: false, reason: "invalid" };
  }
  if (!(await verifyPassword(user.passwordHash, password))) return { ok: false, reason: "invalid" };
  if (user.status !== "active") return { ok: false, reason: "suspended" };
  if (needsRehash(user.passwordHash)) {
    const upgraded = await q.updateUser(db, user.id, { passwordHash: await hashPassword(password) });
    return { ok: true, user: upgraded ?? user };
  }
  return { ok: true, user };
}

/**
 * Always succeeds from the caller's view; queues a one-hour, single-use link only when an active account exists and
 * the address has had fewer than RESET_MAILS_PER_HOUR links in the last hour. Known and unknown addresses cost the
 * same (AUTH-06): the message is built and encrypted either way, and ONE statement sets the token and queues the
 * mail for whichever account matches — none for an unknown address. The worker sends it after the answer.
 */
export async function requestPasswordReset(deps: AuthDeps, { email }: PasswordResetRequestOptions): Promise<void> {
  const { db, ...ctx } = deps;
  const token = generateToken();
  const tokenHash = hashToken(token);
  const now = ctx.clock.now();
  const mail = resetPasswordMail(email, `${ctx.publicUrl}/reset-password/${token}`);
  const sealed = sealMessage(ctx.outbox, {
    channel: "email",
    kind: "password_reset",
    to: email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    dedupeKey: `password-reset:${tokenHashPrefix(tokenHash)}`,
  });
  // Whether a mail was queued is not acted on here: waking the worker only for a known address would be work one path
  // does and the other does not. The route wakes it once the answer has left, on both paths.
  await q.setResetTokenAndQueueMail(db, email, {
    tokenHash,
    expires: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    message: sealed,
    recentSince: new Date(now.getTime() - HOUR),
    recentLimit: RESET_MAILS_PER_HOUR,
  });
}

/** Reset links one address can be sent in an hour, whoever asks (the per-address limit of forgot-password). */
export const RESET_MAILS_PER_HOUR = 3;

export const INVALID_RESET_MESSAGE = "This reset link is invalid or has expired. Please request a new one.";

/** Sets a new password from a reset token; the token dies, and every session of the user ends. Answers the user id. */
export async function resetPassword(deps: AuthDeps, { token, password }: ResetPasswordOptions): Promise<number> {
  const { db, ...ctx } = deps;
  if (isCommonPassword(password)) {
    throw new AppError(400, COMMON_PASSWORD_MESSAGE, [{ path: "password", message: COMMON_PASSWORD_MESSAGE }]);
  }
  const passwordHash = await hashPassword(password);
  const user = await runInTransaction(db, async (tx) => {
    const found = await q.findUserByResetToken(tx, hashToken(token), ctx.clock.now());
    if (!found) return undefined;
    const updated = await q.updateUser(tx, found.id, {
      passwordHash,
      passwordResetToken: null,
      passwordResetExpires: null,
      sessionVersion: found.sessionVersion + 1,
      updatedAt: ctx.clock.now(),
    });
    if (!updated) return undefined;
    const mail = passwordChangedMail(updated.email);
    const key = `password-changed:${updated.id}:${updated.sessionVersion}`;
    await enqueueEmail(tx, ctx.outbox, mail, { kind: "password_changed", dedupeKey: key });
    await notify(tx, ctx, [
      {
        userId: updated.id,
        kind: "password_changed",
        title: mail.subject,
        body: "Every other session was signed out. If this was not you, reset your password at once.",
        dedupeKey: key,
      },
    ]);
    return updated;
  });
  if (!user) throw new AppError(400, INVALID_RESET_MESSAGE);
  return user.id;
}

/**
 * Marks the e-mail verified and, in the same transaction, releases the messages to other people that were held until
 * it was (contract "E-mail verification"). An unknown, expired or used token answers 404.
 */
export async function verifyEmail(deps: Pick<AuthDeps, "db" | "clock" | "outbox">, { token }: VerifyEmailOptions) {
  const { db, ...ctx } = deps;
  const tokenHash = hashToken(token);
  const user = await q.findUserByVerificationToken(db, tokenHash, ctx.clock.now());
  if (!user) throw notFound();
  await runInTransaction(db, async (tx) => {
    const verified = await q.markEmailVerified(tx, user.id, tokenHash);
    if (!verified) throw notFound();
    await releaseHeldMessages(tx, ctx.outbox, user.id);
    await settleNotifications(tx, { userId: user.id, kind: "verify_email", now: ctx.clock.now() });
  });
}
