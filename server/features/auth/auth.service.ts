import type { RegisterInput } from "@shared/validators/auth";
import type { User } from "@shared/schema";
import { runInTransaction, type Db } from "../../db";
import { AppError, conflict, notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Logger } from "pino";
import type { Mailer } from "../../lib/mail/mailer";
import { passwordChangedMail, resetPasswordMail, verifyEmailMail } from "../../lib/mail/templates";
import { DUMMY_PASSWORD_HASH, hashPassword, isCommonPassword, needsRehash, verifyPassword } from "../../lib/passwords";
import { generateToken, hashToken } from "../../lib/tokens";
import * as q from "./auth.queries";

const HOUR = 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = HOUR;
export const VERIFY_TOKEN_TTL_MS = 48 * HOUR;
export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose a less predictable one.";

type MailCtx = { mailer: Mailer; publicUrl: string; clock: Clock; logger?: Logger };

/** Creates a local account (409 when the e-mail is taken) and e-mails a verification link. */
export async function registerUser(db: Db, ctx: MailCtx, input: RegisterInput): Promise<User> {
  if (isCommonPassword(input.password)) {
    throw new AppError(400, COMMON_PASSWORD_MESSAGE, [{ path: "password", message: COMMON_PASSWORD_MESSAGE }]);
  }
  const existing = await q.findUserByEmail(db, input.email);
  if (existing) throw conflict("An account with this email already exists.");
  const token = generateToken();
  const user = await q.insertUser(db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    userType: input.userType,
    emailVerificationToken: hashToken(token),
    emailVerificationExpires: new Date(ctx.clock.now().getTime() + VERIFY_TOKEN_TTL_MS),
  });
  if (!user) throw conflict("An account with this email already exists.");
  await ctx.mailer.send(verifyEmailMail(user.email, user.firstName ?? "", `${ctx.publicUrl}/verify-email/${token}`));
  return user;
}

export type LoginResult = { ok: true; user: User } | { ok: false; reason: "invalid" | "suspended" };

/**
 * Checks e-mail and password. Unknown e-mails are verified against a dummy hash so both failures cost the same;
 * a weaker stored hash is upgraded on success.
 */
export async function authenticateLocal(db: Db, email: string, password: string): Promise<LoginResult> {
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
 * Always succeeds from the caller's view; mails a one-hour, single-use link only when an active account exists.
 * Known and unknown addresses cost the same on the request path (AUTH-06): one UPDATE either way, and the mail is
 * handed to the mailer without waiting for the SMTP round trip, which only the known address would pay.
 */
export async function requestPasswordReset(db: Db, ctx: MailCtx, email: string): Promise<void> {
  const token = generateToken();
  const user = await q.setResetTokenByEmail(db, email, {
    tokenHash: hashToken(token),
    expires: new Date(ctx.clock.now().getTime() + RESET_TOKEN_TTL_MS),
  });
  if (!user) return;
  const message = resetPasswordMail(user.email, `${ctx.publicUrl}/reset-password/${token}`);
  void ctx.mailer.send(message).catch((err: unknown) => {
    ctx.logger?.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, "reset mail not sent");
  });
}

export const INVALID_RESET_MESSAGE = "This reset link is invalid or has expired. Please request a new one.";

/** Sets a new password from a reset token; the token dies, and every session of the user ends. Answers the user id. */
export async function resetPassword(db: Db, ctx: MailCtx, token: string, password: string): Promise<number> {
  if (isCommonPassword(password)) {
    throw new AppError(400, COMMON_PASSWORD_MESSAGE, [{ path: "password", message: COMMON_PASSWORD_MESSAGE }]);
  }
  const passwordHash = await hashPassword(password);
  const user = await runInTransaction(db, async (tx) => {
    const found = await q.findUserByResetToken(tx, hashToken(token), ctx.clock.now());
    if (!found) return undefined;
    return q.updateUser(tx, found.id, {
      passwordHash,
      passwordResetToken: null,
      passwordResetExpires: null,
      sessionVersion: found.sessionVersion + 1,
      updatedAt: ctx.clock.now(),
    });
  });
  if (!user) throw new AppError(400, INVALID_RESET_MESSAGE);
  await ctx.mailer.send(passwordChangedMail(user.email));
  return user.id;
}

/** Marks the e-mail verified; an unknown, expired or used token answers 404 (contract). */
export async function verifyEmail(db: Db, clock: Clock, token: string): Promise<void> {
  const user = await q.findUserByVerificationToken(db, hashToken(token), clock.now());
  if (!user) throw notFound();
  await q.updateUser(db, user.id, {
    emailVerified: true,
    emailVerificationToken: null,
    emailVerificationExpires: null,
  });
}
