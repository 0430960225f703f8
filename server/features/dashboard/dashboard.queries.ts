import { and, eq, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  beneficiaries,
  digitalAssets,
  digitalContent,
  financialAssets,
  intellectualProperty,
  onlineAccounts,
  personalDocuments,
  physicalAssets,
  users,
} from "@shared/schema";
import type { DbOrTx } from "../../db";

/** count(*) of the owner's rows in one table as a scalar subquery; each runs on that table's (user_id, …) index. */
function ownedCount(table: PgTable, owner: PgColumn, extra?: SQL) {
  const where = extra ? and(eq(owner, users.id), extra) : eq(owner, users.id);
  return sql<number>`(select count(*) from ${table} where ${where})`.mapWith(Number);
}

/** Uploads count only once their blob is in place (status committed). */
function uploads(category?: string) {
  const committed = eq(digitalAssets.status, "committed");
  return ownedCount(
    digitalAssets,
    digitalAssets.userId,
    category ? and(committed, eq(digitalAssets.category, category)) : committed,
  );
}

export type DashboardCounts = {
  plan: string;
  storageUsed: number;
  storageLimit: number;
  files: number;
  documents: number;
  images: number;
  videos: number;
  ipUploads: number;
  intellectualProperty: number;
  financialAssets: number;
  physicalAssets: number;
  digitalContent: number;
  personalDocuments: number;
  onlineAccounts: number;
  beneficiaries: number;
};

/** Every number the dashboard shows, in one round trip: the owner's row plus scalar subqueries over their rows. */
export async function dashboardCounts(db: DbOrTx, userId: number): Promise<DashboardCounts | undefined> {
  const [row] = await db
    .select({
      plan: users.plan,
      storageUsed: users.storageUsed,
      storageLimit: users.storageLimit,
      files: uploads(),
      documents: uploads("documents"),
      images: uploads("images"),
      videos: uploads("videos"),
      ipUploads: uploads("intellectual_property"),
      intellectualProperty: ownedCount(intellectualProperty, intellectualProperty.userId),
      financialAssets: ownedCount(financialAssets, financialAssets.userId),
      physicalAssets: ownedCount(physicalAssets, physicalAssets.userId),
      digitalContent: ownedCount(digitalContent, digitalContent.userId),
      personalDocuments: ownedCount(personalDocuments, personalDocuments.userId),
      onlineAccounts: ownedCount(onlineAccounts, onlineAccounts.userId),
      beneficiaries: ownedCount(beneficiaries, beneficiaries.userId),
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
