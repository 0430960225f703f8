import { integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Per-user data key, wrapped by a master key (kid names which). Deleting the row erases every sensitive field of the
 * user at once, backups included.
 */
export const userKeys = pgTable("user_keys", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  wrappedKey: text("wrapped_key").notNull(),
  kid: varchar("kid", { length: 32 }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
