import { createHash } from "node:crypto";
import type { SessionSummary } from "@shared/validators/account";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from "../../auth/session";
import { describeDevice } from "../../auth/session-client";
import type { Db, DbOrTx } from "../../db";
import { notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import * as q from "./sessions.queries";

/**
 * The id a session has in the settings list: a hash of its session id, never the id itself (which is the bearer
 * secret the cookie carries). 128 bits of SHA-256 over a 256-bit random id: unique, and nothing to replay.
 */
export function publicSessionId(sid: string): string {
  return createHash("sha256").update(`heirloom-session:${sid}`, "utf8").digest("base64url").slice(0, 22);
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

type Options = { userId: number; sessionVersion: number; currentSid: string };

/** Rows that still work: unexpired by the store, and within the idle, absolute and password-change limits. */
async function liveSessions(db: Db, clock: Clock, o: Options) {
  const now = clock.now().getTime();
  const rows = await q.listUserSessions(db, o.userId, clock.now());
  return rows.filter(({ sess }) => {
    const signedInAt = num(sess.signedInAt);
    const lastSeenAt = num(sess.lastSeenAt);
    if (signedInAt !== undefined && now - signedInAt > ABSOLUTE_TIMEOUT_MS) return false;
    if (lastSeenAt !== undefined && now - lastSeenAt > IDLE_TIMEOUT_MS) return false;
    return (num(sess.sessionVersion) ?? 0) === o.sessionVersion;
  });
}

/** The signed-in user's own live sessions, this one first, then by last activity. */
export async function listSessions(db: Db, clock: Clock, o: Options): Promise<SessionSummary[]> {
  const rows = await liveSessions(db, clock, o);
  const list = rows.map(({ sid, sess }): SessionSummary => ({
    id: publicSessionId(sid),
    device: describeDevice(typeof sess.userAgent === "string" ? sess.userAgent : undefined),
    place: typeof sess.ipRange === "string" ? sess.ipRange : "Unknown network",
    signedInAt: iso(num(sess.signedInAt)),
    lastSeenAt: iso(num(sess.lastSeenAt)),
    current: sid === o.currentSid,
  }));
  return list.sort(
    (a, b) => Number(b.current) - Number(a.current) || (b.lastSeenAt ?? "").localeCompare(a.lastSeenAt ?? ""),
  );
}

/** Signs out one of the user's own sessions by its public id; another user's (or no such) session is a 404. */
export async function revokeSession(db: Db, clock: Clock, o: Options & { id: string }): Promise<"current" | "other"> {
  const rows = await q.listUserSessions(db, o.userId, clock.now());
  const match = rows.find((r) => publicSessionId(r.sid) === o.id);
  if (!match || !(await q.deleteUserSession(db, o.userId, match.sid))) throw notFound();
  return match.sid === o.currentSid ? "current" : "other";
}

/** "Sign out everywhere else": every session of the user but this one ends. Answers how many ended. */
export function revokeOtherSessions(db: Db, o: { userId: number; currentSid: string }): Promise<number> {
  return q.deleteUserSessions(db, o.userId, o.currentSid);
}

/**
 * Every session of the user ends (an admin's suspension, issue 18), inside the caller's transaction so it commits with
 * the status change. Answers how many ended.
 */
export function endAllSessions(tx: DbOrTx, o: { userId: number }): Promise<number> {
  return q.deleteUserSessions(tx, o.userId);
}
