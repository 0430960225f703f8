import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Logger } from "pino";
import type { Passkey, User } from "@shared/schema";
import { PASSKEY_MESSAGES, type PasskeyAssertionInput } from "@shared/validators/passkeys";
import { AppError } from "../../lib/app-error";
import type { AuditFn } from "../auth/login.service";
import * as q from "./passkeys.queries";
import { WEBAUTHN_TIMEOUT_MS, type PasskeyDeps } from "./passkeys.service";
import { relyingPartyOf } from "./relying-party";

/** One answer for every refused assertion: unknown credential, someone else's, bad signature, origin, replay. */
export const passkeyRefused = () => new AppError(401, PASSKEY_MESSAGES.notVerified);

/**
 * Options for navigator.credentials.get(), user verification required. With `userId` (a second factor, a step-up)
 * only that user's credentials are offered; without, the browser offers the site's discoverable credentials.
 */
export async function startPasskeyAuthentication(
  deps: PasskeyDeps,
  options: { userId?: number },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const own = options.userId === undefined ? [] : await q.listPasskeysOfUser(deps.db, options.userId);
  return generateAuthenticationOptions({
    rpID: relyingPartyOf(deps.config).id,
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports })),
    userVerification: "required",
    timeout: WEBAUTHN_TIMEOUT_MS,
  });
}

/**
 * WebAuthn's signature counter rule: once an authenticator has reported a non-zero counter, every use must report a
 * larger one. Anything else means two copies of the key exist (a cloned authenticator) or an old answer came back.
 * Authenticators that keep no counter report 0 every time and never trip it.
 */
export function isCounterRegression(stored: number, received: number): boolean {
  return stored > 0 && received <= stored;
}

export type VerifyPasskeyOptions = {
  input: PasskeyAssertionInput;
  /** The session's challenge, already taken (single use). */
  challenge: string;
  /** Only this user's credentials count (second factor, step-up); undefined: whoever owns it (password-less). */
  userId?: number;
  audit: AuditFn;
  /** The request's logger: a counter regression is a security warning with the request id. */
  log: Logger;
};

/**
 * Checks an assertion: the credential is registered (to `userId` when given), its signature verifies against the
 * stored public key over this session's challenge, this origin and relying party id, with user verification; and the
 * counter moved forward. Records the new counter and the time of use only if no other use moved it meanwhile.
 * Answers the credential and its owner; every refusal is the same 401.
 */
export async function verifyPasskeyAssertion(
  deps: PasskeyDeps,
  options: VerifyPasskeyOptions,
): Promise<{ passkey: Passkey; user: User }> {
  const response = options.input.response as AuthenticationResponseJSON;
  const found = await q.findPasskeyWithOwner(deps.db, response.id);
  if (!found || (options.userId !== undefined && found.user.id !== options.userId)) throw passkeyRefused();
  const { passkey } = found;
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== passkey.userHandle) throw passkeyRefused();
  const rp = relyingPartyOf(deps.config);
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: options.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // The counter rule is applied below, after the signature, so a regression can be told apart and logged.
      credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: 0 },
      requireUserVerification: true,
    });
    if (!result.verified) throw new Error("not verified");
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    throw passkeyRefused();
  }
  if (isCounterRegression(passkey.counter, newCounter)) {
    const details = { passkeyId: passkey.id, storedCounter: passkey.counter, receivedCounter: newCounter };
    options.log.warn(
      { security: "passkey_counter_regression", userId: passkey.userId, ...details },
      "passkey signature counter did not move forward: possible cloned authenticator; refused",
    );
    await options.audit("passkey_counter_regression", {
      target: `user:${passkey.userId}`,
      details: {
        passkeyId: String(passkey.id),
        storedCounter: String(passkey.counter),
        receivedCounter: String(newCounter),
      },
    });
    throw passkeyRefused();
  }
  const recorded = await q.recordPasskeyUse(deps.db, {
    id: passkey.id,
    expectedCounter: passkey.counter,
    newCounter,
    at: deps.clock.now(),
  });
  if (!recorded) throw passkeyRefused();
  return found;
}
