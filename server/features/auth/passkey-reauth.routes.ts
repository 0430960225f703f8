import { passkeyAssertionSchema } from "@shared/validators/passkeys";
import { rememberPasskeyChallenge } from "../../auth/passkey-challenge";
import type { Limiters } from "../../auth/rate-limits";
import { recentAuthUntil } from "../../auth/step-up";
import type { AppDeps } from "../../deps";
import { currentUser } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import { startPasskeyAuthentication } from "../passkeys/passkey-sign-in.service";
import { provePasskeyUnderSignInLimits } from "./passkey-proof";

/**
 * Step-up with a passkey (issue 15: "a password (or passkey) confirmation"): one of the signed-in user's own passkeys
 * opens the same 15 minutes as POST /api/user/reauth's password, and a failed one counts against the same limits. An
 * account without a password (Google) confirms this way.
 */
export function registerPasskeyReauthRoutes(r: RouteTable, deps: AppDeps, limiters: Limiters) {
  const { clock } = deps;
  const passkeyDeps = { db: deps.database.db, clock, config: deps.config };

  r.add(
    {
      method: "post",
      path: "/api/user/reauth/passkey/options",
      access: "user",
      body: "none",
      rateLimit: "passkeySignIn",
    },
    async (req, res) => {
      const user = currentUser(req);
      const options = await startPasskeyAuthentication(passkeyDeps, { userId: user.id });
      await rememberPasskeyChallenge(req, { challenge: options.challenge, purpose: "reauth", userId: user.id }, clock);
      res.json(options);
    },
  );

  r.add(
    { method: "post", path: "/api/user/reauth/passkey", access: "user", rateLimit: "loginThrottle" },
    async (req, res) => {
      const input = passkeyAssertionSchema.parse(req.body);
      const user = currentUser(req);
      await provePasskeyUnderSignInLimits(deps, limiters, req, { user, input, purpose: "reauth", step: "reauth" });
      req.session.reauthenticatedAt = clock.now().getTime();
      await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
      res.json({ recentUntil: new Date(recentAuthUntil(req.session)!).toISOString() });
    },
  );
}
