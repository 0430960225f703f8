import { ACCOUNT_MESSAGES } from "@shared/validators/account";
import { runInTransaction, type Db } from "../../db";
import { AppError, conflict, notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { notify } from "../../lib/notifications";
import { enqueueEmail, tokenHashPrefix, type OutboxWriteDeps } from "../../lib/outbox/enqueue";
import { assertCanMessageOthers } from "../../lib/outbox/message-caps";
import { generateToken, hashToken } from "../../lib/tokens";
import { confirmNewEmailMail, emailChangedMail, emailChangeUndoneMail, emailInUseMail } from "./account-mails";
import { lockUser, updateOwnUser } from "./account.queries";
import * as q from "./email-change.queries";
import { deleteUserSessions } from "./sessions.queries";

const HOUR = 60 * 60 * 1000;
export const CONFIRM_TTL_MS = 48 * HOUR;
export const UNDO_TTL_MS = 72 * HOUR;
export const EMAIL_IN_USE_MESSAGE = "This e-mail address is already in use.";

type Deps = OutboxWriteDeps & { clock: Clock; publicUrl: string };

/** True for PostgreSQL's unique violation on the users' e-mail index (an address taken by a racing sign-up). */
function isEmailCollision(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e instanceof Error; depth += 1) {
    const { code, constraint } = e as Error & { code?: unknown; constraint?: unknown };
    if (code === "23505" && (constraint === undefined || constraint === "users_email_unique")) return true;
    e = (e as Error & { cause?: unknown }).cause;
  }
  return false;
}

/** Runs a change of the user's address; a sign-up that took the address meanwhile is a 409, never a 500. */
async function withEmailCollisionAs409<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isEmailCollision(err)) throw conflict(EMAIL_IN_USE_MESSAGE);
    throw err;
  }
}

/**
 * Starts a change of the sign-in address (the password was confirmed by the route). Whether or not another account
 * already uses the new address, the caller sees the same answer and the same database work happens (a change row, one
 * capped message to the new address): a free address gets the confirmation link; a taken one gets a notice without
 * link that says nothing about the account, so only the person who reads that inbox learns the address is in use.
 * Nothing goes to the taken account's settings, sessions or data.
 */
export async function requestEmailChange(db: Db, deps: Deps, o: { userId: number; newEmail: string }) {
  const token = generateToken();
  const tokenHash = hashToken(token);
  const now = deps.clock.now();
  await runInTransaction(db, async (tx) => {
    const user = await lockUser(tx, o.userId);
    if (!user) throw notFound();
    if (user.email.toLowerCase() === o.newEmail) {
      throw new AppError(400, ACCOUNT_MESSAGES.sameEmail, [{ path: "newEmail", message: ACCOUNT_MESSAGES.sameEmail }]);
    }
    await assertCanMessageOthers(tx, deps, { senderUserId: user.id, recipient: o.newEmail });
    await q.cancelPendingChanges(tx, user.id, now);
    await q.insertEmailChange(tx, {
      userId: user.id,
      oldEmail: user.email,
      newEmail: o.newEmail,
      confirmTokenHash: tokenHash,
      confirmExpiresAt: new Date(now.getTime() + CONFIRM_TTL_MS),
      createdAt: now,
    });
    const taken = await q.isEmailTaken(tx, o.newEmail, user.id);
    const url = `${deps.publicUrl}/confirm-email/${token}`;
    await enqueueEmail(tx, deps, taken ? emailInUseMail(o.newEmail) : confirmNewEmailMail(o.newEmail, url), {
      kind: "email_change",
      dedupeKey: `email-change:${user.id}:${tokenHashPrefix(tokenHash)}`,
      senderUserId: user.id,
      toOthers: true,
    });
  });
}

/**
 * The link from the new address: the change takes effect (the address counts as verified, it was just proved), any
 * reset link sent to the old address dies, and the old address is told, with an undo link valid 72 hours. Unknown or
 * expired → 404, already used → 409, the address taken meanwhile → 409.
 */
export async function confirmEmailChange(db: Db, deps: Deps, token: string): Promise<number> {
  const undoToken = generateToken();
  const undoHash = hashToken(undoToken);
  const now = deps.clock.now();
  return withEmailCollisionAs409(() =>
    runInTransaction(db, async (tx) => {
      const change = await q.findByConfirmToken(tx, hashToken(token));
      if (!change || change.confirmExpiresAt <= now) throw notFound();
      if (change.confirmedAt) throw conflict("This link has already been used.");
      const user = await lockUser(tx, change.userId);
      if (!user || user.email.toLowerCase() !== change.oldEmail.toLowerCase()) throw notFound();
      if (await q.isEmailTaken(tx, change.newEmail, user.id)) throw conflict(EMAIL_IN_USE_MESSAGE);
      await updateOwnUser(tx, user.id, {
        email: change.newEmail,
        emailVerified: true,
        emailVerificationToken: null,
        emailVerificationExpires: null,
        passwordResetToken: null,
        passwordResetExpires: null,
        updatedAt: now,
      });
      await q.updateEmailChange(tx, change.id, {
        confirmedAt: now,
        undoTokenHash: undoHash,
        undoExpiresAt: new Date(now.getTime() + UNDO_TTL_MS),
      });
      const url = `${deps.publicUrl}/undo-email-change/${undoToken}`;
      await enqueueEmail(tx, deps, emailChangedMail(change.oldEmail, change.newEmail, url), {
        kind: "email_changed",
        dedupeKey: `email-changed:${change.id}`,
      });
      await notify(tx, deps, [
        {
          userId: user.id,
          kind: "email_changed",
          title: "Your e-mail address was changed",
          body: `Heirloom now writes to ${change.newEmail}. Your previous address was told and can undo it for 72 hours.`,
          link: "/settings",
          dedupeKey: `email-changed:${change.id}`,
        },
      ]);
      return user.id;
    }),
  );
}

/**
 * The link from the old address, within 72 hours: the old address is back (verified: it was just proved), every
 * session of the account ends (whoever changed it is signed out), and changes still waiting are cancelled. Unknown or
 * expired → 404, already used → 409; the old address taken meanwhile by another account → 409.
 */
export async function undoEmailChange(db: Db, deps: Deps, token: string): Promise<number> {
  const now = deps.clock.now();
  return withEmailCollisionAs409(() =>
    runInTransaction(db, async (tx) => {
      const change = await q.findByUndoToken(tx, hashToken(token));
      if (!change || !change.undoExpiresAt || change.undoExpiresAt <= now) throw notFound();
      if (change.undoneAt) throw conflict("This link has already been used.");
      const user = await lockUser(tx, change.userId);
      if (!user) throw notFound();
      if (await q.isEmailTaken(tx, change.oldEmail, user.id)) throw conflict(EMAIL_IN_USE_MESSAGE);
      await updateOwnUser(tx, user.id, {
        email: change.oldEmail,
        emailVerified: true,
        emailVerificationToken: null,
        emailVerificationExpires: null,
        passwordResetToken: null,
        passwordResetExpires: null,
        sessionVersion: user.sessionVersion + 1,
        updatedAt: now,
      });
      await q.updateEmailChange(tx, change.id, { undoneAt: now });
      await q.cancelPendingChanges(tx, user.id, now);
      await deleteUserSessions(tx, user.id);
      await enqueueEmail(tx, deps, emailChangeUndoneMail(change.oldEmail), {
        kind: "email_change_undone",
        dedupeKey: `email-change-undone:${change.id}`,
      });
      await notify(tx, deps, [
        {
          userId: user.id,
          kind: "email_change_undone",
          title: "Your e-mail address was restored",
          body: "The change of your e-mail address was undone and every session was signed out.",
          link: "/settings",
          dedupeKey: `email-change-undone:${change.id}`,
        },
      ]);
      return user.id;
    }),
  );
}

/** The settings screen's "waiting for confirmation" line: the new address and until when its link works. */
export async function getPendingEmailChange(db: Db, clock: Clock, userId: number) {
  const row = await q.findPendingChange(db, userId, clock.now());
  return row ? { newEmail: row.newEmail, expiresAt: row.confirmExpiresAt.toISOString() } : null;
}
