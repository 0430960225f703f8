import { pgTable, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * Stripe events already handled. The id is inserted in the same transaction as the event's effect, so a replay or a
 * concurrent duplicate delivery changes nothing twice.
 */
export const stripeEvents = pgTable("stripe_events", {
  id: varchar("id", { length: 255 }).primaryKey(),
  type: varchar("type", { length: 100 }).notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
