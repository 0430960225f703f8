import type { User } from "@shared/schema";
import type { AdminDeleteUserInput, AdminUsersQuery, UserStatus } from "@shared/validators/admin";
import { runInTransaction, type Db } from "../../db";
import { AppError, conflict, notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { deleteAccount, type DeleteAccountDeps } from "../account/delete-account.service";
import { endAllSessions } from "../account/sessions.service";
import * as q from "./admin-users.queries";

export type AdminUsersDeps = DeleteAccountDeps & { db: Db; clock: Clock };

export const SELF_SUSPEND_MESSAGE = "You cannot suspend your own account.";
export const LAST_ADMIN_MESSAGE = "This is the last active admin: promote or reactivate another admin first.";
export const SELF_DELETE_MESSAGE = "Delete your own account from its settings, not from the admin console.";
export const ACTIVE_ADMIN_DELETE_MESSAGE = "Suspend this admin before deleting the account.";

/** GET /api/admin/users: one page, newest first, with the total for X-Total-Count. */
export async function listUsers(deps: { db: Db }, o: { query: AdminUsersQuery }) {
  return q.listUsers(deps.db, o.query);
}

/** GET /api/admin/users/:userId: the account's metadata and how many records it keeps — never their contents. */
export async function getUserDetail(deps: { db: Db; clock: Clock }, o: { targetId: number }) {
  const user = await q.findUser(deps.db, o.targetId);
  if (!user) throw notFound();
  return { user, counts: await q.userCounts(deps.db, user.id, deps.clock.now()) };
}

/**
 * PATCH /api/admin/users/:userId/status. One transaction: every admin row is locked first, so two admins suspending
 * each other at once cannot leave none; the actor must still be an active admin; the change is a conditional update
 * from the other status; a suspension deletes the user's session rows in the same transaction, so every session ends
 * at once (and passport refuses a suspended user on the next request anyway). Answers the user and whether anything
 * changed (setting the status it already has is a no-op, not an error).
 */
export async function setUserStatus(
  deps: { db: Db; clock: Clock },
  o: { actorId: number; targetId: number; status: UserStatus },
): Promise<{ user: User; changed: boolean; sessionsEnded: number }> {
  if (o.status === "suspended" && o.actorId === o.targetId) throw conflict(SELF_SUSPEND_MESSAGE);
  return runInTransaction(deps.db, async (tx) => {
    const admins = await q.lockAdmins(tx);
    if (!admins.some((a) => a.id === o.actorId && a.status === "active")) {
      throw new AppError(403, "This area is for admin accounts only.");
    }
    const target = await q.findUser(tx, o.targetId);
    if (!target) throw notFound();
    if (target.status === o.status) return { user: target, changed: false, sessionsEnded: 0 };
    if (o.status === "suspended" && target.userType === "admin") {
      const othersActive = admins.filter((a) => a.status === "active" && a.id !== target.id);
      if (othersActive.length === 0) throw conflict(LAST_ADMIN_MESSAGE);
    }
    const from = o.status === "suspended" ? "active" : "suspended";
    const user = await q.transitionStatus(tx, { userId: target.id, from, to: o.status, now: deps.clock.now() });
    if (!user) throw conflict("The account's status changed meanwhile. Reload and try again.");
    const sessionsEnded = o.status === "suspended" ? await endAllSessions(tx, { userId: user.id }) : 0;
    return { user, changed: true, sessionsEnded };
  });
}

/**
 * DELETE /api/admin/users/:userId: the typed confirmation must be the account's e-mail; then the account is erased
 * exactly as its owner's own deletion does (account feature: data key shredded, sessions, rows and blobs gone). An
 * admin's own account and an active admin are refused: the last-admin rule lives in the suspension's locks, so an
 * admin is suspended first and can then be deleted.
 */
export async function deleteUser(
  deps: AdminUsersDeps,
  o: { actorId: number; targetId: number; input: AdminDeleteUserInput; requestId?: string },
): Promise<{ email: string }> {
  if (o.actorId === o.targetId) throw conflict(SELF_DELETE_MESSAGE);
  const target = await q.findUser(deps.db, o.targetId);
  if (!target) throw notFound();
  if (target.email.toLowerCase() !== o.input.confirmEmail.toLowerCase()) {
    const message = "The e-mail typed does not match this account";
    throw new AppError(400, message, [{ path: "confirmEmail", message }]);
  }
  if (target.userType === "admin" && target.status === "active") throw conflict(ACTIVE_ADMIN_DELETE_MESSAGE);
  await deleteAccount(deps.db, deps, { userId: target.id, requestId: o.requestId });
  return { email: target.email };
}
