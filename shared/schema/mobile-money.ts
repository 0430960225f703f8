import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * One mobile-money collection (spec 001 "Mobile money payment"; design/state-machines.md): `pending` until the
 * provider's own status query says it was paid (`successful`) or refused (`failed`), or until nobody answered
 * before `expiresAt` (`expired`). A callback is only a hint to ask again. Amounts are minor units (pesewas).
 * The payer's number is needed only to send the request: the row keeps its last four digits, nothing more.
 */
export const momoPayments = pgTable(
  "momo_payments",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Our reference, a random UUID: MTN's X-Reference-Id, and the path of the test-mode and callback routes. */
    reference: varchar("reference", { length: 36 }).notNull(),
    /** What the payment is for (`gift_card`, `plan`, `storage`) and which row of that feature it pays. */
    purpose: varchar("purpose", { length: 16 }).notNull(),
    subjectId: integer("subject_id"),
    /** MTN, Vodafone, AirtelTigo, Glo (spec 001) and which provider took the request (`test`, `mtn`). */
    network: varchar("network", { length: 16 }).notNull(),
    provider: varchar("provider", { length: 8 }).notNull(),
    phoneLast4: varchar("phone_last4", { length: 4 }).notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: varchar("currency", { length: 3 }).notNull().default("GHS"),
    status: varchar("status", { length: 16 }).notNull().default("pending"),
    /** Test mode only: the payer's answer given on the approve/decline screen, read by the test provider's query. */
    testAnswer: varchar("test_answer", { length: 16 }),
    /** The provider's transaction id once paid. */
    externalReference: varchar("external_reference", { length: 64 }),
    failureReason: varchar("failure_reason", { length: 200 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("momo_payments_reference_idx").on(t.reference),
    index("momo_payments_user_idx").on(t.userId, t.createdAt),
    index("momo_payments_pending_idx")
      .on(t.expiresAt)
      .where(sql`status = 'pending'`),
  ],
);
export type MomoPayment = typeof momoPayments.$inferSelect;
