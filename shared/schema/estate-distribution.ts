import { boolean, index, integer, jsonb, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import type { AssetKind } from "../asset-types";
import type { CategoryTimings } from "../validators/estate-distribution";
import { users } from "./users";

/**
 * The owner's estate distribution settings (spec 001 §3 "Estate distribution trigger"): one row per owner, written
 * the first time they save; until then GET answers the defaults. `status`, `execution_date` and `completed_at` move
 * only with the death-verification process, never from a request body.
 */
export const estateDistributionSettings = pgTable(
  "estate_distribution_settings",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    triggerType: varchar("trigger_type", { length: 32 }).notNull().default("death_verified"),
    immediateDistribution: boolean("immediate_distribution").notNull().default(false),
    waitingPeriodDays: integer("waiting_period_days").notNull().default(30),
    requiresLegalReview: boolean("requires_legal_review").notNull().default(true),
    includeDigitalFiles: boolean("include_digital_files").notNull().default(true),
    includeOnlineAccounts: boolean("include_online_accounts").notNull().default(false),
    includeFinancialAssets: boolean("include_financial_assets").notNull().default(false),
    includeIntellectualProperty: boolean("include_intellectual_property").notNull().default(false),
    /** Which asset kinds go at once, after the waiting period, or after a legal review (validated on every write). */
    categoryTimings: jsonb("category_timings").$type<CategoryTimings>().notNull(),
    status: varchar("status", { length: 16 }).notNull().default("pending"),
    executionDate: timestamp("execution_date", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** When an admin marked the legal review done (issue 16); the legal-review kinds are released from then. */
    legalReviewDoneAt: timestamp("legal_review_done_at", { withTimezone: true }),
    /** When the next step is due (the scheduler's index); null while nothing but a legal review is left. */
    nextReleaseAt: timestamp("next_release_at", { withTimezone: true }),
    /** The asset kinds already released, each once (every move is a conditional update on this list). */
    releasedKinds: jsonb("released_kinds").$type<AssetKind[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("estate_distribution_settings_due_idx").on(t.status, t.nextReleaseAt)],
);
export type EstateDistributionRow = typeof estateDistributionSettings.$inferSelect;
