import type { Request } from "express";
import type { User } from "@shared/schema";
import { passkeyAssertionSchema } from "@shared/validators/passkeys";
import { TWO_FACTOR_MESSAGES } from "@shared/validators/two-factor";
import { rememberPasskeyChallenge, takePasskeyChallenge } from "../../auth/passkey-challenge";
import { clearPendingSignIn, pendingSignInOf } from "../../auth/pending-sign-in";
import type { Limiters } from "../../auth/rate-limits";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { audit } from "../../lib/audit";
import type { RouteTable } from "../../lib/route-registry";
import { startPasskeyAuthentication, verifyPasskeyAssertion } from "../passkeys/passkey-sign-in.service";
import type { PasskeyDeps } from "../passkeys/passkeys.service";
import { findUserById } from "./auth.queries";
import { completeSignIn } from "./complete-sign-in";
import { passkeyChallengeExpired, provePasskeyUnderSignInLimits } from "./passkey-proof";
import { presentUser } from "./user.presenter";

const SUSPENDED_MESSAGE = "This account is suspended.";

/**
 * Signing in with a passkey (issue 15). Password-less: the browser offers the site's discoverable passkeys, and a
 * verified assertion (user verification required: possession plus the device's PIN or biometric) signs its owner in.
 * Second step: after the password (or Google) step, any of the pending user's passkeys completes the sign-in in place of
 * the app's code, under the same throttle as codes. Each options call binds one challenge to this browser's session;
 * each answer consumes it.
 */
export function registerPasskeySignInRoutes(r: RouteTable, deps: AppDeps, limiters: Limiters) {
  const { clock } = deps;
  const db = deps.database.db;
  const passkeyDeps: PasskeyDeps = { db, clock, config: deps.config };
  const auditFor = (req: Request) => (action: Parameters<typeof audit>[2], opts: Parameters<typeof audit>[3]) =>
    audit({ db, clock }, req, action, opts);

  r.add(
    { method: "post", path: "/api/login/passkey/options", access: "public", body: "none", rateLimit: "passkeySignIn" },
    async (req, res) => {
      const options = await startPasskeyAuthentication(passkeyDeps, {});
      await rememberPasskeyChallenge(req, { challenge: options.challenge, purpose: "sign-in" }, clock);
      res.json(options);
    },
  );

  r.add(
    { method: "post", path: "/api/login/passkey", access: "public", rateLimit: "passkeySignIn" },
    async (req, res) => {
      const input = passkeyAssertionSchema.parse(req.body);
      const challenge = await takePasskeyChallenge(req, "sign-in", clock);
      if (!challenge) throw passkeyChallengeExpired();
      const { user } = await verifyPasskeyAssertion(passkeyDeps, {
        input,
        challenge: challenge.challenge,
        audit: auditFor(req),
        log: req.log,
      });
      if (user.status !== "active") throw new AppError(403, SUSPENDED_MESSAGE);
      await completeSignIn(deps, req, res, user);
      res.json(presentUser(user));
    },
  );

  /** The pending sign-in's user, or a 401 that sends the browser back to the first step (marker dropped). */
  async function pendingUser(req: Request): Promise<User> {
    const pending = pendingSignInOf(req, clock);
    const user = pending ? await findUserById(db, pending.userId) : undefined;
    if (!pending || !user || user.status !== "active" || user.sessionVersion !== pending.sessionVersion) {
      await clearPendingSignIn(req);
      throw new AppError(401, TWO_FACTOR_MESSAGES.signInExpired);
    }
    return user;
  }

  r.add(
    {
      method: "post",
      path: "/api/login/2fa/passkey/options",
      access: "public",
      body: "none",
      rateLimit: "passkeySignIn",
    },
    async (req, res) => {
      const user = await pendingUser(req);
      const options = await startPasskeyAuthentication(passkeyDeps, { userId: user.id });
      await rememberPasskeyChallenge(
        req,
        { challenge: options.challenge, purpose: "second-factor", userId: user.id },
        clock,
      );
      res.json(options);
    },
  );

  r.add(
    { method: "post", path: "/api/login/2fa/passkey", access: "public", rateLimit: "loginThrottle" },
    async (req, res) => {
      const input = passkeyAssertionSchema.parse(req.body);
      const user = await pendingUser(req);
      await provePasskeyUnderSignInLimits(deps, limiters, req, {
        user,
        input,
        purpose: "second-factor",
        step: "login-passkey",
      });
      await completeSignIn(deps, req, res, user);
      res.json(presentUser(user));
    },
  );
}
