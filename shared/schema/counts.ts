import { integer, pgTable } from "drizzle-orm/pg-core";
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
