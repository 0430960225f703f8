import type { Request } from "express";
import { ACCOUNT_MESSAGES } from "@shared/validators/account";
import type { User } from "@shared/schema";
import { ipKey } from "../../auth/ip-key";
import { beginLoginAttempt } from "../../auth/login-throttle";
import type { Limiters } from "../../auth/rate-limits";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { audit } from "../../lib/audit";
import { verifyPassword } from "../../lib/passwords";

/**
 * Checks the signed-in user's password for a sensitive settings action. A wrong guess counts against the sign-in
 * limits (429 when spent) and answers 400 with the message on `field`, so the form shows it there — not 401, which
 * would mean "signed out". A Google account without a password cannot confirm one: 400 saying so.
 */
export async function confirmPassword(
  deps: AppDeps,
  limiters: Limiters,
  req: Request,
  p: { user: User; password: string; field: string; step: string },
): Promise<void> {
  if (!p.user.passwordHash) {
    throw new AppError(400, ACCOUNT_MESSAGES.noPassword, [{ path: p.field, message: ACCOUNT_MESSAGES.noPassword }]);
  }
  const attempt = await beginLoginAttempt(limiters, p.user.email, ipKey(req));
  let ok: boolean;
  try {
    ok = await verifyPassword(p.user.passwordHash, p.password);
  } catch (err) {
    await attempt.abandoned();
    throw err;
  }
  if (!ok) {
    attempt.failed();
    await audit({ db: deps.database.db, clock: deps.clock }, req, "login_failed", {
      target: `user:${p.user.id}`,
      details: { step: p.step },
    });
    throw new AppError(400, ACCOUNT_MESSAGES.wrongPassword, [
      { path: p.field, message: ACCOUNT_MESSAGES.wrongPassword },
    ]);
  }
  await attempt.succeeded();
}
