import type { User } from "@shared/schema";
import { runInTransaction, type Db } from "../../db";
import { forbidden } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { generateToken, hashToken } from "../../lib/tokens";
import * as q from "./auth.queries";

export const NOT_ELIGIBLE_MESSAGE = "You are not eligible for admin privileges.";
/** The set-up token works for 24 hours after it was issued (contract). */
export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const SETUP_TOKEN_KEY = "admin_setup_token_hash";

/**
 * Promotes the caller when their e-mail is in ADMIN_EMAILS and verified (whoever registers a listed address first
 * must prove it), or with the one-time set-up token while no admin exists. The token is consumed by one
 * `DELETE … RETURNING`: of two concurrent calls with it, the second deletes nothing and is refused. An unverified
 * listed address gets the same refusal as anyone else, so the answer does not tell who is on the list.
 */
export async function promoteToAdmin(
  db: Db,
  clock: Clock,
  opts: { user: User; adminEmails: string[]; setupToken: string | undefined },
): Promise<User> {
  const byEmail = opts.user.emailVerified && opts.adminEmails.includes(opts.user.email.toLowerCase());
  const promoted = await runInTransaction(db, async (tx) => {
    if (!byEmail) {
      if (!opts.setupToken || (await q.countAdmins(tx)) > 0) return undefined;
      const issuedAfter = new Date(clock.now().getTime() - SETUP_TOKEN_TTL_MS);
      if (!(await q.takeSetting(tx, SETUP_TOKEN_KEY, hashToken(opts.setupToken), issuedAfter))) return undefined;
    }
    // the role selection screen's Request Admin card: the promotion is also the user's recorded role choice
    const onboardedAt = opts.user.onboardedAt ?? clock.now();
    return q.updateUser(tx, opts.user.id, { userType: "admin", roleChoice: "admin", onboardedAt });
  });
  if (!promoted) throw forbidden(NOT_ELIGIBLE_MESSAGE);
  return promoted;
}

/** With no admin: a fresh set-up token, whose hash is kept with its issue instant; the token itself is returned. */
export async function issueSetupTokenIfNoAdmin(db: Db, clock: Clock): Promise<string | undefined> {
  if ((await q.countAdmins(db)) > 0) return undefined;
  const token = generateToken();
  await q.putSetting(db, SETUP_TOKEN_KEY, hashToken(token), clock.now());
  return token;
}
