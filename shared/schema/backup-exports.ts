import { index, integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Each backup export (time, format), shown as "Last backup". */
export const backupExports = pgTable(
  "backup_exports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    format: varchar("format", { length: 8 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("backup_exports_user_idx").on(t.userId, t.createdAt)],
);
