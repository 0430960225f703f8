import connectPgSimple from "connect-pg-simple";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Request, RequestHandler } from "express";
import session from "express-session";
import type { Logger } from "pino";
import type pg from "pg";
import { sessions, users, type User } from "@shared/schema";
import type { AppConfig } from "../config";
import type { Db } from "../db";
import type { Clock } from "../lib/clock";
import { addressRange } from "./session-client";

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** lastSeenAt is rewritten (and the row saved, its expiry pushed on) at most this often; other requests write nothing. */
const LAST_SEEN_GRANULARITY_MS = 60 * 1000;

export function sessionCookieName(config: AppConfig): string {
  // NOTE: the __Host- prefix requires Secure, so plain-http development uses a plain name.
  return config.isSecure ? "__Host-hl.sid" : "hl.sid";
}

/**
 * The user row read in the same query as its session row, waiting for passport's deserializer on the same request:
 * one round trip instead of two on every signed-in request. Entries are taken once, and dropped after a few seconds
 * if no deserializer came for them (a request that failed in between).
 */
export class SessionUsers {
  private readonly loaded = new Map<string, { user: User | null; at: number }>();

  put(sid: string, user: User | null) {
    if (this.loaded.size > 1000) {
      const stale = Date.now() - 10_000;
      for (const [key, entry] of this.loaded) if (entry.at < stale) this.loaded.delete(key);
    }
    this.loaded.set(sid, { user, at: Date.now() });
  }

  /** The row read with this session, if it was read moments ago; undefined means "read it yourself". */
  take(sid: string): User | null | undefined {
    const entry = this.loaded.get(sid);
    this.loaded.delete(sid);
    return entry && Date.now() - entry.at < 10_000 ? entry.user : undefined;
  }
}

export type SessionParts = {
  middleware: RequestHandler;
  store: session.Store & { close(): void };
  users: SessionUsers;
};

/** Session objects whose row a statement of the request's own already wrote, with their sid and data then. */
const writtenRows = new WeakMap<object, { sid: string; data: string }>();

/** What the store keeps of a session besides its cookie, as JSON: how a written row is recognised. */
const dataOf = (sess: object) => JSON.stringify({ ...sess, cookie: undefined });

/**
 * The row of the request's session as connect-pg-simple writes it, for a statement that writes it itself (in the
 * same commit as the work that starts the session): its id, its data (`sess` JSON) and its expiry (epoch seconds).
 */
export function sessionRow(req: Request): { sid: string; sess: string; expireSeconds: number } {
  req.session.touch();
  const expires = req.session.cookie.expires;
  const expireSeconds = Math.ceil((expires ? expires.getTime() : Date.now() + IDLE_TIMEOUT_MS) / 1000);
  return { sid: req.sessionID, sess: JSON.stringify(req.session), expireSeconds };
}

/**
 * Tells the store that the request's session, as it is now, is already stored (a statement of the request wrote its
 * row, see sessionRow): the save express-session makes at the end of the response is then skipped, not repeated.
 */
export function markSessionWritten(req: Request): void {
  writtenRows.set(req.session, { sid: req.sessionID, data: dataOf(req.session) });
}

/** The signed-in user's id inside the stored session (passport's `{ passport: { user: id } }`), as SQL. */
const sessionUserId = sql`case when (${sessions.sess}->'passport'->>'user') ~ '^[0-9]{1,9}$'
  then (${sessions.sess}->'passport'->>'user')::int end`;

/** express-session stored in PostgreSQL (table `session`, created by a migration), idle 30 min, cookie per contract. */
export function createSession(opts: {
  config: AppConfig;
  pool: pg.Pool;
  db: Db;
  logger: Logger;
  prune: boolean;
}): SessionParts {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({
    pool: opts.pool,
    tableName: "session",
    createTableIfMissing: false,
    pruneSessionInterval: opts.prune ? 15 * 60 : false,
    ttl: IDLE_TIMEOUT_MS / 1000,
    // No UPDATE of the row's expiry on every request: the row is saved (expiry pushed on) whenever lastSeenAt
    // moves, at most once a minute of activity, which keeps it well inside the 30-minute idle window. The idle
    // and absolute limits themselves are enforced from the session's own timestamps (enforceSessionLimits).
    disableTouch: true,
    errorLog: (...args: unknown[]) => opts.logger.warn({ detail: String(args[0]) }, "session store error"),
  });
  // A session whose row the request's own statement already wrote, unchanged since (markSessionWritten), is not
  // written a second time: its save at the end of the response answers at once.
  const set = store.set.bind(store);
  store.set = (sid, sess, callback) => {
    const written = writtenRows.get(sess);
    writtenRows.delete(sess);
    if (written?.sid === sid && written.data === dataOf(sess)) return callback?.();
    set(sid, sess, callback);
  };
  // NOTE: express-session treats an ENOENT from store.get as "no such session" (a file-store legacy), and the
  // embedded engine's unix socket answers ENOENT when it is down: re-label it so an outage is a 503, not a sign-out.
  // The read replaces connect-pg-simple's: the same row and expiry rule, with the user row joined in. Prepared once
  // (a named statement per connection), so the database parses and plans it once, not on every request.
  const sessionUsers = new SessionUsers();
  const readSession = opts.db
    .select({ sess: sessions.sess, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessionUserId))
    .where(and(eq(sessions.sid, sql.placeholder("sid")), gte(sessions.expire, sql.placeholder("now"))))
    .limit(1)
    .prepare("hl_read_session");
  store.get = (sid, callback) => {
    // `expire` is a timestamp without time zone holding UTC, as drizzle writes dates.
    readSession.execute({ sid, now: new Date().toISOString() }).then(
      ([row]) => {
        if (!row) return callback(null, null);
        sessionUsers.put(sid, row.user);
        callback(null, row.sess as session.SessionData);
      },
      (err: unknown) => {
        const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
        if ((cause as NodeJS.ErrnoException | undefined)?.code === "ENOENT") {
          return callback(
            Object.assign(new Error("session store unreachable", { cause: err }), { code: "ECONNREFUSED" }),
          );
        }
        callback(err);
      },
    );
  };
  const middleware = session({
    name: sessionCookieName(opts.config),
    secret: opts.config.sessionSecrets,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: opts.config.trustProxy > 0,
    cookie: {
      httpOnly: true,
      sameSite: "lax",
      secure: opts.config.isSecure,
      path: "/",
      maxAge: IDLE_TIMEOUT_MS,
    },
  });
  return { middleware, store, users: sessionUsers };
}

/**
 * Ends sessions that outlived the idle (30 min) or absolute (12 h) limit by the injectable clock, or whose
 * user changed password since. Runs after passport so req.user is already reloaded.
 */
export function enforceSessionLimits(clock: Clock): RequestHandler {
  return (req, _res, next) => {
    const s = req.session;
    if (!s || !req.user) return next();
    const now = clock.now().getTime();
    const expired =
      (s.signedInAt !== undefined && now - s.signedInAt > ABSOLUTE_TIMEOUT_MS) ||
      (s.lastSeenAt !== undefined && now - s.lastSeenAt > IDLE_TIMEOUT_MS) ||
      (s.sessionVersion ?? 0) !== req.user.sessionVersion;
    if (expired) {
      req.user = undefined;
      // regenerate (not destroy): the old row goes, and the request carries on as an anonymous one
      s.regenerate((err) => next(err));
      return;
    }
    if (s.lastSeenAt === undefined || now - s.lastSeenAt > LAST_SEEN_GRANULARITY_MS) {
      // Saved with the row's expiry anyway (at most once a minute): the session list's "last seen" and place.
      s.lastSeenAt = now;
      s.ipRange = addressRange(req.ip);
    }
    next();
  };
}
