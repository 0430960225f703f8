import type { User } from "@shared/schema";
import { needsSecondStep } from "@shared/second-factor";
import { beginLoginAttempt } from "../../auth/login-throttle";
import type { Limiters } from "../../auth/rate-limits";
import type { Db } from "../../db";
import { AppError } from "../../lib/app-error";
import type { AuditAction } from "../../lib/audit";
import { authenticateLocal, type LoginResult } from "./auth.service";

export const INVALID_LOGIN = "Invalid email or password";

/** Records one security event for the request being served (the route binds it to the request). */
export type AuditFn = (
  action: AuditAction,
  opts: { actorId?: number; target?: string; details?: Record<string, string> },
) => Promise<void>;

export type SignInWithPasswordOptions = {
  email: string;
  password: string;
  /** The client's address as the limits count it (ipKey). */
  address: string;
  audit: AuditFn;
};

/**
 * POST /api/login's decision: the sign-in throttle is paid for before argon2 runs (AUTH-13); an account without a
 * password (Google only) and an unknown address cost the same as a wrong password; a right password on a suspended
 * account answers 403 and is not counted as a guess. Refusals are not audited one by one; a block is recorded once,
 * when it starts (AUTH-03). Returns the user, and whether a second factor must follow: then the sign-in has not
 * succeeded yet, so the right password only gives its own points back and clears none of the account's failures from
 * this address — wrong codes keep counting with wrong passwords, and re-entering the password buys no more tries.
 */
export async function signInWithPassword(
  deps: { db: Db; limiters: Limiters },
  options: SignInWithPasswordOptions,
): Promise<{ user: User; needsSecondFactor: boolean }> {
  const { email, password, audit } = options;
  const attempt = await beginLoginAttempt(deps.limiters, email, options.address);
  let result: LoginResult;
  try {
    result = await authenticateLocal(deps, { email, password });
  } catch (err) {
    await attempt.abandoned();
    throw err;
  }
  if (!result.ok && result.reason === "suspended") {
    await attempt.abandoned(); // the password was right: not a guess
    throw new AppError(403, "This account is suspended.");
  }
  if (!result.ok) {
    const blocks = attempt.failed();
    await audit("login_failed", { target: email });
    for (const [limit, started] of [
      ["account", blocks.account],
      ["account-wide", blocks.accountWide],
      ["address", blocks.address],
    ] as const) {
      if (started) await audit("login_blocked", { target: email, details: { limit } });
    }
    throw new AppError(401, INVALID_LOGIN);
  }
  const needsSecondFactor = needsSecondStep(result.user);
  if (needsSecondFactor) await attempt.abandoned();
  else await attempt.succeeded();
  return { user: result.user, needsSecondFactor };
}
