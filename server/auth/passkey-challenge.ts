import type { Request } from "express";
import type { Clock } from "../lib/clock";

/**
 * How long the browser has between asking for WebAuthn options and sending the authenticator's answer. The options
 * tell the browser 60 seconds; this leaves room for a slow network, no more.
 */
export const PASSKEY_CHALLENGE_MS = 2 * 60 * 1000;

/** What a WebAuthn ceremony is for: the answer is checked against the same purpose it was asked for. */
export type PasskeyPurpose = "register" | "sign-in" | "second-factor" | "reauth";

/** The one outstanding WebAuthn challenge of a session: a newer ceremony replaces it, a verification consumes it. */
export type PasskeyChallenge = {
  challenge: string;
  purpose: PasskeyPurpose;
  /** By the injectable clock. */
  until: number;
  /** Whose credentials may answer (registration, second factor, step-up); none for a password-less sign-in. */
  userId?: number;
  /** Registration only: the WebAuthn user handle the options named, stored with the new passkey. */
  userHandle?: string;
};

function save(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

/** Binds a challenge to this browser's session (an anonymous one is created for a sign-in) and saves it. */
export async function rememberPasskeyChallenge(
  req: Request,
  challenge: Omit<PasskeyChallenge, "until">,
  clock: Clock,
): Promise<void> {
  req.session.passkeyChallenge = { ...challenge, until: clock.now().getTime() + PASSKEY_CHALLENGE_MS };
  await save(req);
}

/**
 * Takes the session's challenge for `purpose` and removes it whatever the outcome, so each challenge is verified at
 * most once (an answer replayed in this session finds none). Undefined when there is none, it was asked for another
 * purpose, or it is older than PASSKEY_CHALLENGE_MS.
 */
export async function takePasskeyChallenge(
  req: Request,
  purpose: PasskeyPurpose,
  clock: Clock,
): Promise<PasskeyChallenge | undefined> {
  const stored = req.session?.passkeyChallenge;
  if (!stored) return undefined;
  delete req.session.passkeyChallenge;
  await save(req);
  if (stored.purpose !== purpose || clock.now().getTime() > stored.until) return undefined;
  return stored;
}
