import type { Request } from "express";
import {
  disableTwoFactorSchema,
  enableTotpSchema,
  TWO_FACTOR_MESSAGES,
  type RecoveryCodesResponse,
  type TotpSetupResponse,
} from "@shared/validators/two-factor";
import type { Limiters } from "../../auth/rate-limits";
import { requireRecentAuth } from "../../auth/step-up";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { audit } from "../../lib/audit";
import { currentUser } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import { confirmPassword } from "../account/confirm-password";
import { checkCodeUnderSignInLimits } from "./code-attempt";
import { checkSetupCode, disableTwoFactor, enableTotp, startTotpSetup, verifySecondFactor } from "./two-factor.service";

/** A wrong code in a settings form: 400 on its field (401 would read as "signed out" to the SPA, decision 009). */
const wrongCode = () =>
  new AppError(400, TWO_FACTOR_MESSAGES.wrongCode, [{ path: "code", message: TWO_FACTOR_MESSAGES.wrongCode }]);

/**
 * Two-factor sign-in in settings (contract "Account security"). Setting up and turning off need a sign-in or password
 * confirmation within 15 minutes: a borrowed session can neither lock its owner out with a factor of its own nor
 * remove theirs. Every code checked here counts against the sign-in limits.
 */
export function registerTwoFactorRoutes(r: RouteTable, deps: AppDeps, limiters: Limiters) {
  const db = deps.database.db;
  const tfDeps = { ...deps, db };
  const stepUp = requireRecentAuth(deps.clock);
  const record = (req: Request, action: "two_factor_enabled" | "two_factor_disabled") =>
    audit({ db, clock: deps.clock }, req, action, { target: `user:${currentUser(req).id}` });

  r.add({ method: "post", path: "/api/2fa/totp/setup", access: "user" }, stepUp, async (req, res) => {
    const answer: TotpSetupResponse = await startTotpSetup(tfDeps, { user: currentUser(req) });
    res.setHeader("Cache-Control", "no-store");
    res.json(answer);
  });

  r.add(
    { method: "post", path: "/api/2fa/totp/enable", access: "user", rateLimit: "loginThrottle" },
    async (req, res) => {
      const { code } = enableTotpSchema.parse(req.body);
      const user = currentUser(req);
      let step: number | undefined;
      await checkCodeUnderSignInLimits(deps, limiters, req, {
        user,
        step: "totp-enable",
        wrong: wrongCode(),
        check: async () => (step = await checkSetupCode(tfDeps, { userId: user.id, code })) !== undefined,
      });
      const recoveryCodes = await enableTotp(tfDeps, { userId: user.id, step: step! });
      await record(req, "two_factor_enabled");
      res.setHeader("Cache-Control", "no-store");
      res.json({ recoveryCodes } satisfies RecoveryCodesResponse);
    },
  );

  r.add(
    { method: "post", path: "/api/2fa/disable", access: "user", rateLimit: "loginThrottle" },
    stepUp,
    async (req, res) => {
      const { password, code } = disableTwoFactorSchema.parse(req.body);
      const user = currentUser(req);
      await confirmPassword(deps, limiters, req, { user, password, field: "password", step: "2fa-disable" });
      if (!user.twoFactorEnabled) throw new AppError(400, TWO_FACTOR_MESSAGES.notOn);
      await checkCodeUnderSignInLimits(deps, limiters, req, {
        user,
        step: "2fa-disable",
        wrong: wrongCode(),
        check: async () => (await verifySecondFactor(tfDeps, { userId: user.id, proof: code })) !== undefined,
      });
      await disableTwoFactor(tfDeps, { userId: user.id });
      await record(req, "two_factor_disabled");
      res.json({ message: "Two-factor sign-in is off." });
    },
  );
}
