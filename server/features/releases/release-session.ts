import type { Request } from "express";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from "../../auth/session";
import type { AccessActor } from "../../lib/access";
import { serviceUnavailable } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { RequestOrigin } from "./releases.service";

/** seenAt is rewritten (and the session row saved, its expiry pushed on) at most this often. */
const SEEN_GRANULARITY_MS = 60 * 1000;

/**
 * Starts a release session for the release just opened, in a session of its own: the session id is regenerated and
 * holds nothing but this release. Whoever was signed in in this browser is signed out of it, and a release opened
 * earlier is replaced, so a session never mixes an account with a release, nor two releases (TOK-04, TOK-05).
 * Signing in later regenerates the session again (passport), which ends the release session.
 */
export async function startReleaseSession(
  req: Request,
  releaseId: number,
  opts: { clock: Clock; cookieName: string },
): Promise<void> {
  if (!req.session) throw serviceUnavailable();
  // A request without a session cookie already holds a new session with a fresh random id: nothing to regenerate
  // (and no stored row to delete). One that brought a cookie may carry a planted or signed-in session: regenerate.
  const cookies = req.headers.cookie ?? "";
  if (cookies.split(";").some((c) => c.trim().startsWith(`${opts.cookieName}=`))) {
    await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
  }
  req.user = undefined;
  const now = opts.clock.now().getTime();
  req.session.release = { id: releaseId, openedAt: now, seenAt: now };
}

/**
 * Who the request is for the access rules: the release of its release session while that session is inside the same
 * idle (30 min) and absolute (12 h) limits as a signed-in one, by the injectable clock; nobody otherwise.
 */
export function releaseActor(req: Request, clock: Clock): AccessActor {
  const now = clock.now();
  const held = req.session?.release;
  if (!held || req.user) return { userId: null, releaseIds: [], now };
  const t = now.getTime();
  if (t - held.seenAt > IDLE_TIMEOUT_MS || t - held.openedAt > ABSOLUTE_TIMEOUT_MS) {
    delete req.session.release;
    return { userId: null, releaseIds: [], now };
  }
  if (t - held.seenAt > SEEN_GRANULARITY_MS) held.seenAt = t;
  return { userId: null, releaseIds: [held.id], now };
}

/** The request id and client address, for the access log and the audit trail (never the token). */
export function originOf(req: Request): RequestOrigin {
  return { requestId: String(req.id ?? "") || null, ip: req.ip ?? null };
}
