import type { Request } from "express";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, markSessionWritten, sessionRow } from "../../auth/session";
import type { AccessActor } from "../../lib/access";
import { serviceUnavailable } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { RequestOrigin } from "./releases.service";

/** seenAt is rewritten (and the session row saved, its expiry pushed on) at most this often. */
const SEEN_GRANULARITY_MS = 60 * 1000;

/** The release session's row, written by the open's own statement (open-release.queries.ts). */
export type ReleaseSessionRow = {
  sid: string;
  /** The session's data (its cookie) as JSON: the statement adds `release` with the id it opened. */
  sess: string;
  expireSeconds: number;
  /** When the release session starts (epoch ms, the injectable clock): `release.openedAt` and `seenAt`. */
  at: number;
  /** The session the request came with, whose row the statement deletes once the release has opened. */
  replaces: string | null;
};

/**
 * Opens a release in a session of its own (TOK-04, TOK-05): the session holds nothing but this release. A request
 * without a session cookie already holds a new session with a fresh random id; one that brought a cookie (a planted
 * session, a signed-in one, an earlier release) gets a new id, and `open` deletes the old row in its statement, so
 * whoever was signed in in this browser is signed out of it and an earlier release is replaced. Signing in later
 * regenerates the session again (passport), which ends the release session. `open` writes the new row in the same
 * statement, so an open commits once; if it throws (404, 429), the request's session is left as it came.
 */
export async function openInReleaseSession<T extends { release: { id: number } }>(
  req: Request,
  opts: { clock: Clock; cookieName: string },
  open: (row: ReleaseSessionRow) => Promise<T>,
): Promise<T> {
  if (!req.session) throw serviceUnavailable();
  const came = { sid: req.sessionID, session: req.session };
  const cookies = req.headers.cookie ?? "";
  const hadCookie = cookies.split(";").some((c) => c.trim().startsWith(`${opts.cookieName}=`));
  if (hadCookie) req.sessionStore.generate(req);
  const at = opts.clock.now().getTime();
  let opened: T;
  try {
    opened = await open({ ...sessionRow(req), at, replaces: hadCookie ? came.sid : null });
  } catch (err) {
    req.sessionID = came.sid;
    req.session = came.session;
    throw err;
  }
  req.user = undefined;
  req.session.release = { id: opened.release.id, openedAt: at, seenAt: at };
  markSessionWritten(req);
  return opened;
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
