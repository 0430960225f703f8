import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Exactly one active will per user: the partial unique index holds even under concurrent saves. Title and content
 * are `v1.…` ciphertext under the owner's data key when `enc_version` is 1; 0 marks a row written in plain text
 * (before issue 12, or by a writer unaware of the column), which the start-up migration encrypts.
 */
export const digitalWills = pgTable(
  "digital_wills",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    version: integer("version").notNull().default(1),
    encVersion: smallint("enc_version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("digital_wills_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("digital_wills_one_active_idx")
      .on(t.userId)
      .where(sql`${t.isActive}`),
    index("digital_wills_enc_pending_idx")
      .on(t.id)
      .where(sql`${t.encVersion} < 1`),
  ],
);
export type DigitalWill = typeof digitalWills.$inferSelect;
