import { reauthSchema } from "@shared/validators/auth";
import { ipKey } from "../../auth/ip-key";
import { beginLoginAttempt } from "../../auth/login-throttle";
import type { Limiters } from "../../auth/rate-limits";
import { recentAuthUntil } from "../../auth/step-up";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { audit } from "../../lib/audit";
import { verifyPassword } from "../../lib/passwords";
import type { RouteTable } from "../../lib/route-registry";
import { currentUser } from "../../lib/request-context";

export const NO_PASSWORD_MESSAGE =
  "Your account signs in with Google and has no password to confirm. Sign out, sign in again with Google, and " +
  "export within 15 minutes.";
export const WRONG_PASSWORD_MESSAGE = "The password is not correct.";

/** Password confirmation for step-up actions (exports); a guess here counts against the sign-in limits. */
export function registerReauthRoutes(r: RouteTable, deps: AppDeps, limiters: Limiters) {
  const auditCtx = { db: deps.database.db, clock: deps.clock };

  r.add({ method: "post", path: "/api/user/reauth", access: "user", rateLimit: "loginThrottle" }, async (req, res) => {
    const user = currentUser(req);
    const { password } = reauthSchema.parse(req.body);
    // Passkey and second-factor confirmations come with two-factor sign-in (a later issue).
    if (!user.passwordHash) throw new AppError(400, NO_PASSWORD_MESSAGE);
    const attempt = await beginLoginAttempt(limiters, user.email, ipKey(req));
    let ok: boolean;
    try {
      ok = await verifyPassword(user.passwordHash, password);
    } catch (err) {
      await attempt.abandoned();
      throw err;
    }
    if (!ok) {
      attempt.failed();
      await audit(auditCtx, req, "login_failed", { target: user.email, details: { step: "reauth" } });
      throw new AppError(401, WRONG_PASSWORD_MESSAGE);
    }
    await attempt.succeeded();
    req.session.reauthenticatedAt = deps.clock.now().getTime();
    await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
    res.json({ recentUntil: new Date(recentAuthUntil(req.session)!).toISOString() });
  });

  /** Whether a step-up action would pass now, so the SPA asks for the password before a download, not after. */
  r.add({ method: "get", path: "/api/user/reauth", access: "user" }, (req, res) => {
    const until = recentAuthUntil(req.session);
    const live = until !== undefined && deps.clock.now().getTime() <= until;
    res.json({ recentUntil: live ? new Date(until).toISOString() : null });
  });
}
