import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * An agent's business (spec 001 §3 "Agent profile"), one per agent account. `isVerified`, `verifiedAt/By` and
 * `commissionRate` move only through the admin routes (MASS-07); onboarding may choose the rate once, 5–20.
 * Business contact details are the agent's public face to clients, so they are stored in plain text.
 */
export const agentProfiles = pgTable(
  "agent_profiles",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessName: varchar("business_name", { length: 200 }).notNull(),
    licenseNumber: varchar("license_number", { length: 100 }),
    practiceAreas: jsonb("practice_areas").$type<string[]>().notNull().default([]),
    specializations: jsonb("specializations").$type<string[]>().notNull().default([]),
    businessAddress: text("business_address"),
    businessPhone: varchar("business_phone", { length: 32 }),
    website: varchar("website", { length: 500 }),
    yearsExperience: integer("years_experience"),
    clientCapacity: integer("client_capacity"),
    /** Percent, exact decimal (spec 001 §9: 5–20, default 10.00); read in the payment's transaction. */
    commissionRate: numeric("commission_rate", { precision: 5, scale: 2 }).notNull().default("10.00"),
    isVerified: boolean("is_verified").notNull().default(false),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    verifiedBy: integer("verified_by").references(() => users.id, { onDelete: "set null" }),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    /** Rows in agent_earnings for this agent, kept by the insert's own statement: the list's total without a count. */
    earningsCount: integer("earnings_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("agent_profiles_user_idx").on(t.userId)],
);
export type AgentProfile = typeof agentProfiles.$inferSelect;

/**
 * A client invitation (spec 001 §3 "Invitation"; design/state-machines.md "Agent invitation"): pending → accepted by
 * the invited e-mail within 120 h, or revoked by the agent. Only the token's SHA-256 is kept.
 */
export const agentInvitations = pgTable(
  "agent_invitations",
  {
    id: serial("id").primaryKey(),
    agentId: integer("agent_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: varchar("email", { length: 254 }).notNull(),
    firstName: varchar("first_name", { length: 100 }),
    lastName: varchar("last_name", { length: 100 }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    status: varchar("status", { length: 16 }).notNull().default("pending"),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: integer("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("agent_invitations_agent_idx").on(t.agentId, t.createdAt),
    uniqueIndex("agent_invitations_token_idx").on(t.tokenHash),
  ],
);
export type AgentInvitation = typeof agentInvitations.$inferSelect;

/**
 * One commission per confirmed payment by a linked client (spec 001 §3 "Earning"): `commission = amount × rate / 100`
 * computed by PostgreSQL in numeric, never floats. The unique (transaction type, id) makes a replayed confirmation
 * create nothing twice (PAY-03). pending → payable (monthly run). A refund or chargeback is its own row with a
 * negative amount and commission, `reversal_of` the original and its own (type, id) — `refund`/`re_…`,
 * `chargeback`/`du_…`, `chargeback_won`/`du_…` — so it is paid against the next payout run like any other row.
 */
export const agentEarnings = pgTable(
  "agent_earnings",
  {
    id: serial("id").primaryKey(),
    agentId: integer("agent_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: integer("client_id").references(() => users.id, { onDelete: "set null" }),
    transactionType: varchar("transaction_type", { length: 32 }).notNull(),
    transactionId: varchar("transaction_id", { length: 255 }).notNull(),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    commissionRate: numeric("commission_rate", { precision: 5, scale: 2 }).notNull(),
    commission: numeric("commission", { precision: 16, scale: 6 }).notNull(),
    status: varchar("status", { length: 16 }).notNull().default("pending"),
    /** The payout month (first day, UTC) the monthly run put this earning in. */
    payoutMonth: varchar("payout_month", { length: 7 }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    /** A refund's, chargeback's or won chargeback's row: the earning it corrects. */
    reversalOf: integer("reversal_of").references((): AnyPgColumn => agentEarnings.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("agent_earnings_agent_idx").on(t.agentId, t.createdAt),
    index("agent_earnings_reversal_idx")
      .on(t.reversalOf)
      .where(sql`reversal_of is not null`),
    index("agent_earnings_client_idx").on(t.clientId),
    uniqueIndex("agent_earnings_transaction_idx").on(t.transactionType, t.transactionId),
    index("agent_earnings_pending_idx")
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
  ],
);
export type AgentEarning = typeof agentEarnings.$inferSelect;

/** The monthly statement of one agent (payouts on the 1st, spec 001 §9): one row per agent and month. */
export const agentPayouts = pgTable(
  "agent_payouts",
  {
    id: serial("id").primaryKey(),
    agentId: integer("agent_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    month: varchar("month", { length: 7 }).notNull(),
    earningsCount: integer("earnings_count").notNull(),
    total: numeric("total", { precision: 18, scale: 6 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("agent_payouts_agent_month_idx").on(t.agentId, t.month)],
);
export type AgentPayout = typeof agentPayouts.$inferSelect;
