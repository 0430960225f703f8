import { bigint, integer, pgTable, primaryKey, smallint, varchar } from "drizzle-orm/pg-core";
import { users } from "./users";

const counter = (name: string) => integer(name).notNull().default(0);

/**
 * How many rows of each kind a user owns, kept by statement-level triggers on the owned tables (migration
 * 0001_owner_counts) in the same transaction as every insert, delete and upload commit. The dashboard, the plan
 * usage and each list's X-Total-Count read one row here instead of counting a user's rows, so their cost does not
 * grow with the estate. Uploads count once committed (their blob is in place), as everywhere else.
 */
export const ownerCounts = pgTable("owner_counts", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  files: counter("files"),
  documents: counter("documents"),
  images: counter("images"),
  videos: counter("videos"),
  ipUploads: counter("ip_uploads"),
  otherUploads: counter("other_uploads"),
  intellectualProperty: counter("intellectual_property"),
  financialAssets: counter("financial_assets"),
  physicalAssets: counter("physical_assets"),
  digitalContent: counter("digital_content"),
  personalDocuments: counter("personal_documents"),
  onlineAccounts: counter("online_accounts"),
  beneficiaries: counter("beneficiaries"),
  trustedParties: counter("trusted_parties"),
});

export type OwnerCounts = typeof ownerCounts.$inferSelect;

/** How many counter rows each (user type, status) pair is spread over: `slot = users.id % USER_TOTAL_SLOTS`. */
export const USER_TOTAL_SLOTS = 16;

/**
 * Platform totals for the admin console (issue 18): users and their stored bytes per user type and status, kept by
 * statement-level triggers on `users` (migration 0014) in the same transaction as every insert, delete and change of
 * `user_type`, `status` or `storage_used`. The stats and the user list's X-Total-Count sum a few dozen rows here
 * instead of reading every user. Each pair is spread over USER_TOTAL_SLOTS rows by user id, so uploads of different
 * users rarely wait on the same counter row.
 */
export const userTotals = pgTable(
  "user_totals",
  {
    slot: smallint("slot").notNull(),
    userType: varchar("user_type", { length: 16 }).notNull(),
    status: varchar("status", { length: 16 }).notNull(),
    users: integer("users").notNull().default(0),
    storageUsed: bigint("storage_used", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.slot, t.userType, t.status] })],
);
