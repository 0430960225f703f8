import type { Request } from "express";
import type { User } from "@shared/schema";
import { ipKey } from "../../auth/ip-key";
import { beginLoginAttempt } from "../../auth/login-throttle";
import type { Limiters } from "../../auth/rate-limits";
import type { AppDeps } from "../../deps";
import type { AppError } from "../../lib/app-error";
import { audit } from "../../lib/audit";

/**
 * Runs one code check under the sign-in throttle, exactly as a password guess (AUTH-11): the point is paid before the
 * check, a wrong code keeps it (429 with Retry-After once the account's limits are spent), a right one gives the
 * points back and clears the account's failures from this address. Wrong codes are audited; a block once.
 */
export async function checkCodeUnderSignInLimits(
  deps: AppDeps,
  limiters: Limiters,
  req: Request,
  p: { user: User; step: string; wrong: AppError; check: () => Promise<boolean> },
): Promise<void> {
  const auditCtx = { db: deps.database.db, clock: deps.clock };
  const attempt = await beginLoginAttempt(limiters, p.user.email, ipKey(req));
  let ok: boolean;
  try {
    ok = await p.check();
  } catch (err) {
    await attempt.abandoned();
    throw err;
  }
  if (!ok) {
    const blocks = attempt.failed();
    const target = `user:${p.user.id}`;
    await audit(auditCtx, req, "two_factor_failed", { target, details: { step: p.step } });
    if (blocks.account || blocks.accountWide || blocks.address) {
      await audit(auditCtx, req, "login_blocked", { target, details: { step: p.step } });
    }
    throw p.wrong;
  }
  await attempt.succeeded();
}
