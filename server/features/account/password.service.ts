import type { User } from "@shared/schema";
import { runInTransaction, type Db } from "../../db";
import { AppError, notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { passwordChangedMail } from "../../lib/mail/templates";
import { notify } from "../../lib/notifications";
import { enqueueEmail, type OutboxWriteDeps } from "../../lib/outbox/enqueue";
import { hashPassword, isCommonPassword } from "../../lib/passwords";
import { COMMON_PASSWORD_MESSAGE } from "../auth/auth.service";
import { lockUser, updateOwnUser } from "./account.queries";
import { deleteUserSessions } from "./sessions.queries";

export type ChangePasswordOptions = { userId: number; currentSid: string; newPassword: string };

/**
 * Sets a new password (the current one was confirmed by the route). In one transaction: the hash, a new session
 * version (any session that escapes the row delete still ends on its next request), every other session row of the
 * user deleted, the notice e-mail queued and the in-app notice recorded. The caller moves this session to a fresh id.
 */
export async function changePassword(
  db: Db,
  deps: OutboxWriteDeps & { clock: Clock },
  o: ChangePasswordOptions,
): Promise<User> {
  if (isCommonPassword(o.newPassword)) {
    throw new AppError(400, COMMON_PASSWORD_MESSAGE, [{ path: "newPassword", message: COMMON_PASSWORD_MESSAGE }]);
  }
  const passwordHash = await hashPassword(o.newPassword);
  return runInTransaction(db, async (tx) => {
    const user = await lockUser(tx, o.userId);
    if (!user) throw notFound();
    const updated = await updateOwnUser(tx, o.userId, {
      passwordHash,
      passwordResetToken: null,
      passwordResetExpires: null,
      sessionVersion: user.sessionVersion + 1,
      updatedAt: deps.clock.now(),
    });
    if (!updated) throw notFound();
    await deleteUserSessions(tx, o.userId, o.currentSid);
    await enqueueEmail(tx, deps, passwordChangedMail(updated.email), {
      kind: "password_changed",
      dedupeKey: `password-changed:${updated.id}:${updated.sessionVersion}`,
    });
    await notify(tx, deps, [
      {
        userId: updated.id,
        kind: "password_changed",
        title: "Your password was changed",
        body: "Every other session was signed out. If this was not you, reset your password at once.",
        link: "/settings",
        dedupeKey: `password-changed:${updated.id}:${updated.sessionVersion}`,
      },
    ]);
    return updated;
  });
}
