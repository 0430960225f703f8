import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  bigint,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

/** Default storage limit: 10 MB (spec 000 §3 and §9). */
export const DEFAULT_STORAGE_LIMIT_BYTES = 10_485_760;

/**
 * What the admin's user search matches: names and e-mail, lower-cased. The trigram index below is built on this exact
 * expression, and the search query (server/features/admin) repeats it through this constant, so the planner uses it.
 */
export const USER_SEARCH_TEXT = sql.raw(
  `lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || "email")`,
);

/**
 * Every field of spec 000 §3. Token columns hold SHA-256 hashes only, never the token itself;
 * `password_hash` holds an argon2id PHC string.
 */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: varchar("email", { length: 254 }).notNull(),
    passwordHash: text("password_hash"),
    firstName: varchar("first_name", { length: 100 }),
    lastName: varchar("last_name", { length: 100 }),
    profileImageUrl: text("profile_image_url"),
    /**
     * The owner's mobile number in E.164 (shared/validators/phone.ts), or null: inactivity warnings are also texted
     * to it. Shown to the owner alone and never logged.
     */
    phone: varchar("phone", { length: 16 }),
    userType: varchar("user_type", { length: 16 }).notNull().default("client"),
    agentId: integer("agent_id"),
    stripeCustomerId: varchar("stripe_customer_id", { length: 255 }),
    stripeSubscriptionId: varchar("stripe_subscription_id", { length: 255 }),
    plan: varchar("plan", { length: 32 }).notNull().default("free"),
    storageUsed: bigint("storage_used", { mode: "number" }).notNull().default(0),
    storageLimit: bigint("storage_limit", { mode: "number" }).notNull().default(DEFAULT_STORAGE_LIMIT_BYTES),
    /** Purchased extra storage; storageLimit = plan base + this × 1024 MB (spec 000 §9). */
    additionalStorageGb: integer("additional_storage_gb").notNull().default(0),
    /** End of the paid period (next billing date); null on the free plan. */
    planRenewsAt: timestamp("plan_renews_at", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** ok | past_due — set by invoice.payment_failed, cleared when payment succeeds. */
    paymentStatus: varchar("payment_status", { length: 16 }).notNull().default("ok"),
    emailVerified: boolean("email_verified").notNull().default(false),
    emailVerificationToken: varchar("email_verification_token", { length: 64 }),
    emailVerificationExpires: timestamp("email_verification_expires", { withTimezone: true }),
    passwordResetToken: varchar("password_reset_token", { length: 64 }),
    passwordResetExpires: timestamp("password_reset_expires", { withTimezone: true }),
    authProvider: varchar("auth_provider", { length: 16 }).notNull().default("local"),
    googleId: varchar("google_id", { length: 255 }),
    /** active | suspended — a suspended user's sessions stop on their next request. */
    status: varchar("status", { length: 16 }).notNull().default("active"),
    /** Bumped when the password changes, so other sessions end. */
    sessionVersion: integer("session_version").notNull().default(0),
    /**
     * A second factor is on (today TOTP, totp_credentials): sign-in asks for it, and agent and admin routes need it.
     * Kept on the row every request already reads, so the role gate costs no query.
     */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /**
     * The owner's own last sign-in or check-in (issue 14): what inactivity triggers count from. Nobody else's action
     * moves it.
     */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The role picked on the role selection screen (spec 001 §2): client, agent, or admin once a Request Admin
     * succeeded. Picking agent does not make an agent yet: the agent onboarding does (issue 17).
     */
    roleChoice: varchar("role_choice", { length: 16 }),
    /**
     * When the user first picked a role; null sends a client to /onboarding. Rows from before the screen existed were
     * marked onboarded by the migration that added it, so nobody already using the app is sent there.
     */
    onboardedAt: timestamp("onboarded_at", { withTimezone: true }),
    /**
     * How many passkeys the user has (table passkeys), kept by the passkey service in the same transaction as each
     * insert and delete: a passkey is a second factor, and the role gate reads the row every request already reads.
     */
    passkeyCount: integer("passkey_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_google_id_unique").on(t.googleId),
    index("users_agent_id_idx").on(t.agentId),
    index("users_email_verification_token_idx").on(t.emailVerificationToken),
    index("users_password_reset_token_idx").on(t.passwordResetToken),
    // The admin console (issue 18): its newest-first list, per role, and the month's sign-ups…
    index("users_created_at_idx").on(t.createdAt, t.id),
    index("users_type_created_at_idx").on(t.userType, t.createdAt, t.id),
    // …and its search by name or e-mail: a trigram index (pg_trgm) serves `ILIKE '%…%'` on this exact expression.
    index("users_search_trgm_idx").using("gin", sql`(${USER_SEARCH_TEXT}) gin_trgm_ops`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
