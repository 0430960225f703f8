import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { beneficiaries } from "./beneficiaries";
import { assetBundles, digitalAssets } from "./assets";
import { users } from "./users";

const owner = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
const instant = (name: string) => timestamp(name, { withTimezone: true });

/** One asset in a bundle; an asset deleted later simply drops out (the release reads only rows that still exist). */
export const assetBundleItems = pgTable(
  "asset_bundle_items",
  {
    bundleId: integer("bundle_id")
      .notNull()
      .references(() => assetBundles.id, { onDelete: "cascade" }),
    userId: owner(),
    kind: varchar("kind", { length: 32 }).notNull(),
    itemId: integer("item_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.kind, t.itemId] }), index("asset_bundle_items_user_idx").on(t.userId)],
);

/**
 * Release triggers (spec 001 §3, contract). `nextEventAt` is when the job next has something to do for the row (a
 * warning rung or the firing itself), so a tick is one index probe whatever the number of pending triggers.
 */
export const assetReleaseTriggers = pgTable(
  "asset_release_triggers",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    beneficiaryId: integer("beneficiary_id")
      .notNull()
      .references(() => beneficiaries.id, { onDelete: "cascade" }),
    assetId: integer("asset_id").references(() => digitalAssets.id, { onDelete: "set null" }),
    assetBundleId: integer("asset_bundle_id").references(() => assetBundles.id, { onDelete: "set null" }),
    triggerType: varchar("trigger_type", { length: 32 }).notNull(),
    triggerDate: instant("trigger_date"),
    inactivityDays: integer("inactivity_days"),
    ageThreshold: integer("age_threshold"),
    /** Shown to the beneficiary on the release page, never in an e-mail: ciphertext under the owner's data key. */
    message: text("message"),
    requiresVerification: boolean("requires_verification").notNull().default(false),
    verificationMethod: varchar("verification_method", { length: 32 }).notNull().default("automatic"),
    description: text("description"),
    status: varchar("status", { length: 16 }).notNull().default("pending"),
    nextEventAt: instant("next_event_at"),
    /** warning | fire */
    nextEventKind: varchar("next_event_kind", { length: 16 }),
    /** The last inactivity warning rung sent in the current period (0 = none). */
    warningRung: smallint("warning_rung").notNull().default(0),
    createdAt: instant("created_at").notNull().defaultNow(),
    triggeredAt: instant("triggered_at"),
    completedAt: instant("completed_at"),
    cancelledAt: instant("cancelled_at"),
  },
  (t) => [
    index("asset_release_triggers_user_idx").on(t.userId, t.createdAt),
    index("asset_release_triggers_due_idx")
      .on(t.nextEventAt)
      .where(sql`${t.status} = 'pending'`),
    index("asset_release_triggers_beneficiary_idx").on(t.beneficiaryId),
  ],
);
export type ReleaseTrigger = typeof assetReleaseTriggers.$inferSelect;

/** What happened to a trigger, oldest first: created, warning sent, reset by activity, fired, completed, cancelled. */
export const triggerEvents = pgTable(
  "trigger_events",
  {
    id: serial("id").primaryKey(),
    triggerId: integer("trigger_id")
      .notNull()
      .references(() => assetReleaseTriggers.id, { onDelete: "cascade" }),
    userId: owner(),
    at: instant("at").notNull(),
    kind: varchar("kind", { length: 32 }).notNull(),
    details: jsonb("details"),
  },
  (t) => [index("trigger_events_trigger_idx").on(t.triggerId, t.at)],
);
export type TriggerEvent = typeof triggerEvents.$inferSelect;

/** Single-use check-in links carried by inactivity warnings (hash only). */
export const checkInTokens = pgTable(
  "check_in_tokens",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
  },
  (t) => [uniqueIndex("check_in_tokens_hash_idx").on(t.tokenHash), index("check_in_tokens_user_idx").on(t.userId)],
);

/**
 * What a completed trigger released to its beneficiary. Items are fixed when the release is created; the link is a
 * 256-bit token stored as a hash. `isTest` marks the owner's own preview ("test this trigger").
 */
export const assetReleases = pgTable(
  "asset_releases",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    triggerId: integer("trigger_id").references(() => assetReleaseTriggers.id, { onDelete: "set null" }),
    beneficiaryId: integer("beneficiary_id").references(() => beneficiaries.id, { onDelete: "set null" }),
    /** The names shown on the release page, frozen with it: later edits of the owner's records do not change it. */
    ownerName: varchar("owner_name", { length: 201 }).notNull(),
    beneficiaryName: varchar("beneficiary_name", { length: 201 }).notNull(),
    /** Ciphertext under the owner's data key, bound to this release row. */
    message: text("message"),
    status: varchar("status", { length: 16 }).notNull().default("pending"),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    isTest: boolean("is_test").notNull().default(false),
    releasedAt: instant("released_at").notNull(),
    accessExpiresAt: instant("access_expires_at").notNull(),
    accessedAt: instant("accessed_at"),
    revokedAt: instant("revoked_at"),
  },
  (t) => [
    uniqueIndex("asset_releases_token_idx").on(t.tokenHash),
    index("asset_releases_user_idx").on(t.userId, t.releasedAt),
    uniqueIndex("asset_releases_trigger_idx")
      .on(t.triggerId)
      .where(sql`${t.isTest} = false`),
    index("asset_releases_expiry_idx")
      .on(t.accessExpiresAt)
      .where(sql`${t.status} in ('pending', 'opened')`),
  ],
);
export type AssetRelease = typeof assetReleases.$inferSelect;

export const releaseItems = pgTable(
  "release_items",
  {
    releaseId: integer("release_id")
      .notNull()
      .references(() => assetReleases.id, { onDelete: "cascade" }),
    userId: owner(),
    kind: varchar("kind", { length: 32 }).notNull(),
    itemId: integer("item_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.kind, t.itemId] })],
);

/** Every open, view and download of a release, shown to the owner. */
export const releaseAccesses = pgTable(
  "release_accesses",
  {
    id: serial("id").primaryKey(),
    releaseId: integer("release_id")
      .notNull()
      .references(() => assetReleases.id, { onDelete: "cascade" }),
    userId: owner(),
    at: instant("at").notNull(),
    action: varchar("action", { length: 16 }).notNull(),
    itemKind: varchar("item_kind", { length: 32 }),
    itemId: integer("item_id"),
    bytes: bigint("bytes", { mode: "number" }),
    ip: varchar("ip", { length: 64 }),
  },
  (t) => [index("release_accesses_release_idx").on(t.releaseId, t.at)],
);
export type ReleaseAccess = typeof releaseAccesses.$inferSelect;

/** In-app notifications: whatever the product e-mails a user also appears here (contract). */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    kind: varchar("kind", { length: 48 }).notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    body: text("body").notNull(),
    link: varchar("link", { length: 500 }),
    /** The same event never notifies twice (a retried job). */
    dedupeKey: varchar("dedupe_key", { length: 200 }).notNull(),
    createdAt: instant("created_at").notNull(),
    readAt: instant("read_at"),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("notifications_dedupe_idx").on(t.dedupeKey),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);
export type Notification = typeof notifications.$inferSelect;
