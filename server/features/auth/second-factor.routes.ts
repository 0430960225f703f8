import { secondFactorSchema, TWO_FACTOR_MESSAGES } from "@shared/validators/two-factor";
import { clearPendingSignIn, pendingSignInOf } from "../../auth/pending-sign-in";
import type { Limiters } from "../../auth/rate-limits";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { audit } from "../../lib/audit";
import type { RouteTable } from "../../lib/route-registry";
import { checkCodeUnderSignInLimits } from "../two-factor/code-attempt";
import { verifySecondFactor } from "../two-factor/two-factor.service";
import { findUserById } from "./auth.queries";
import { completeSignIn } from "./complete-sign-in";
import { presentUser } from "./user.presenter";

/** Where the SPA asks for the code after a Google sign-in that needs one. */
export const SECOND_STEP_PATH = "/auth?step=two-factor";

/**
 * POST /api/login/2fa: the second step of a sign-in (contract "Account security"). Only a session whose first step
 * passed for this user within PENDING_SIGN_IN_MS gets here; a wrong, replayed or spent code is 401 and counts like a
 * wrong password; the right one signs the user in on a fresh session id.
 */
export function registerSecondFactorRoutes(r: RouteTable, deps: AppDeps, limiters: Limiters) {
  const db = deps.database.db;
  const expired = () => new AppError(401, TWO_FACTOR_MESSAGES.signInExpired);

  r.add({ method: "post", path: "/api/login/2fa", access: "public", rateLimit: "loginThrottle" }, async (req, res) => {
    const proof = secondFactorSchema.parse(req.body);
    const pending = pendingSignInOf(req, deps.clock);
    const user = pending ? await findUserById(db, pending.userId) : undefined;
    if (!pending || !user || user.status !== "active" || user.sessionVersion !== pending.sessionVersion) {
      await clearPendingSignIn(req);
      throw expired();
    }
    let kind: Awaited<ReturnType<typeof verifySecondFactor>>;
    await checkCodeUnderSignInLimits(deps, limiters, req, {
      user,
      step: "login",
      wrong: new AppError(401, TWO_FACTOR_MESSAGES.wrongCode),
      check: async () => (kind = await verifySecondFactor({ ...deps, db }, { userId: user.id, proof })) !== undefined,
    });
    if (kind === "recovery") await audit({ db, clock: deps.clock }, req, "recovery_code_used", { actorId: user.id });
    await completeSignIn(deps, req, res, user);
    res.json(presentUser(user));
  });
}
