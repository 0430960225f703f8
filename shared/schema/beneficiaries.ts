import { date, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "./users";

export { RELATIONSHIPS, type Relationship } from "../relationships";

/** Status moves pending → verified only through the beneficiary's own single-use link. */
export const beneficiaries = pgTable(
  "beneficiaries",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: varchar("first_name", { length: 100 }).notNull(),
    lastName: varchar("last_name", { length: 100 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    relationship: varchar("relationship", { length: 16 }).notNull(),
    /** Optional (YYYY-MM-DD): needed by age-milestone triggers, which fire on the birthday the owner chose. */
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    status: varchar("status", { length: 16 }).notNull().default("pending"),
    /** SHA-256 of the verification token; the token itself only travels in the e-mail. */
    verificationToken: varchar("verification_token", { length: 64 }),
    verificationExpires: timestamp("verification_expires", { withTimezone: true }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("beneficiaries_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("beneficiaries_verification_token_idx").on(t.verificationToken),
  ],
);
export type Beneficiary = typeof beneficiaries.$inferSelect;
