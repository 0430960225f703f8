import type { Request } from "express";
import type { User } from "@shared/schema";
import { PASSKEY_MESSAGES, type PasskeyAssertionInput } from "@shared/validators/passkeys";
import { takePasskeyChallenge, type PasskeyPurpose } from "../../auth/passkey-challenge";
import type { Limiters } from "../../auth/rate-limits";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { audit } from "../../lib/audit";
import { passkeyRefused, verifyPasskeyAssertion } from "../passkeys/passkey-sign-in.service";
import { checkCodeUnderSignInLimits } from "../two-factor/code-attempt";

export const passkeyChallengeExpired = () => new AppError(401, PASSKEY_MESSAGES.expired);

/**
 * A known user proves it is them with one of their passkeys (the second step of a sign-in, a step-up confirmation):
 * the session's challenge for `purpose` is taken, and the answer is checked under the sign-in throttle exactly as a
 * code or a password would be. Every answer counts as a guess, one without its challenge included; throws the 401 (or
 * 429) when it does not prove it.
 */
export async function provePasskeyUnderSignInLimits(
  deps: AppDeps,
  limiters: Limiters,
  req: Request,
  p: { user: User; input: PasskeyAssertionInput; purpose: PasskeyPurpose; step: string },
): Promise<void> {
  const { user } = p;
  const taken = await takePasskeyChallenge(req, p.purpose, deps.clock);
  const challenge = taken?.userId === user.id ? taken : undefined;
  const db = deps.database.db;
  await checkCodeUnderSignInLimits(deps, limiters, req, {
    user,
    step: p.step,
    wrong: challenge ? passkeyRefused() : passkeyChallengeExpired(),
    check: async () =>
      challenge !== undefined &&
      verifyPasskeyAssertion(
        { db, clock: deps.clock, config: deps.config },
        {
          input: p.input,
          challenge: challenge.challenge,
          userId: user.id,
          audit: (action, opts) => audit({ db, clock: deps.clock }, req, action, opts),
          log: req.log,
        },
      ).then(
        () => true,
        (err: unknown) => {
          if (err instanceof AppError && err.status === 401) return false;
          throw err;
        },
      ),
  });
}
