import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * connect-pg-simple's table (sid, sess, expire), created by a migration rather than at run time. `user_id` is
 * computed by PostgreSQL from the stored session (passport's user id) and indexed, so "this user's sessions" (the
 * settings list, ending the other sessions, account deletion) is an index look-up instead of a scan of every session.
 * The store never writes it: connect-pg-simple names its three columns in every statement.
 */
export const sessions = pgTable(
  "session",
  {
    sid: varchar("sid").primaryKey(),
    sess: json("sess").notNull(),
    expire: timestamp("expire", { precision: 6 }).notNull(),
    userId: integer("user_id").generatedAlwaysAs(
      sql`case when ("sess"->'passport'->>'user') ~ '^[0-9]{1,9}$' then ("sess"->'passport'->>'user')::int end`,
    ),
  },
  (t) => [index("IDX_session_expire").on(t.expire), index("session_user_idx").on(t.userId)],
);

/** rate-limiter-flexible's Postgres table, shared by every server process. */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

/** Small key/value settings, e.g. the hash of the one-time admin set-up token. */
export const systemSettings = pgTable("system_settings", {
  key: varchar("key", { length: 64 }).primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Security-relevant events (sign-in, lockout, role change, export…): who, what, when, from where. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    actorId: integer("actor_id"),
    /** Whose estate the event is about (the owner), when it is about one: what GET /api/activity shows them. */
    subjectUserId: integer("subject_user_id"),
    action: varchar("action", { length: 64 }).notNull(),
    target: varchar("target", { length: 128 }),
    requestId: varchar("request_id", { length: 64 }),
    ip: varchar("ip", { length: 64 }),
    details: jsonb("details"),
  },
  (t) => [
    index("audit_events_actor_idx").on(t.actorId, t.at),
    index("audit_events_subject_idx").on(t.subjectUserId, t.at),
    // The admin's audit viewer: newest first, filtered by action (issue 18).
    index("audit_events_at_idx").on(t.at),
    index("audit_events_action_idx").on(t.action, t.at),
  ],
);

/**
 * One running job per user and kind (an export streaming, a restore writing), shared by every server process. A
 * holder renews its lease while it works; a crashed holder's lease simply runs out.
 */
export const jobLeases = pgTable(
  "job_leases",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 16 }).notNull(),
    holder: varchar("holder", { length: 64 }).notNull(),
    expiresAt: timestamp("expires_at", { precision: 3, withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
