import type { Request } from "express";
import type { User } from "@shared/schema";
import type { Clock } from "../lib/clock";

/** How long the second step may take after the password (or Google) step. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;

/** What the session keeps between the two steps: who, until when, and by which first step. Never a signed-in user. */
export type PendingSignIn = { userId: number; until: number; via: "password" | "google"; sessionVersion: number };

function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
}

function save(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

/**
 * The first factor passed for a user with two-factor sign-in: the browser gets a fresh, anonymous session holding only
 * the marker (any earlier session, signed in or not, ends here), and nothing is signed in until POST /api/login/2fa.
 */
export async function beginPendingSignIn(
  req: Request,
  user: User,
  via: PendingSignIn["via"],
  clock: Clock,
): Promise<void> {
  await regenerate(req);
  req.session.pendingSignIn = {
    userId: user.id,
    until: clock.now().getTime() + PENDING_SIGN_IN_MS,
    via,
    sessionVersion: user.sessionVersion,
  };
  await save(req);
}

/** The live marker of this session, or undefined (none, or older than PENDING_SIGN_IN_MS by the injectable clock). */
export function pendingSignInOf(req: Request, clock: Clock): PendingSignIn | undefined {
  const pending = req.session?.pendingSignIn;
  if (!pending || clock.now().getTime() > pending.until) return undefined;
  return pending;
}

/** Drops the marker (an expired or refused second step). */
export async function clearPendingSignIn(req: Request): Promise<void> {
  if (!req.session?.pendingSignIn) return;
  delete req.session.pendingSignIn;
  await save(req);
}
