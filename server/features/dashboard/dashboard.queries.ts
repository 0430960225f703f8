import { eq, sql } from "drizzle-orm";
import { ownerCounts, users } from "@shared/schema";
import type { Db } from "../../db";
import { preparedPerDb } from "../../db/prepared";

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
  trustedParties: number;
};

/**
 * Every number the dashboard shows, in one prepared round trip: the owner's row and their owner_counts row (kept by
 * triggers), so the cost does not grow with the number of assets.
 */
const countsQuery = preparedPerDb((db) =>
  db
    .select({
      plan: users.plan,
      storageUsed: users.storageUsed,
      storageLimit: users.storageLimit,
      files: ownerCounts.files,
      documents: ownerCounts.documents,
      images: ownerCounts.images,
      videos: ownerCounts.videos,
      ipUploads: ownerCounts.ipUploads,
      intellectualProperty: ownerCounts.intellectualProperty,
      financialAssets: ownerCounts.financialAssets,
      physicalAssets: ownerCounts.physicalAssets,
      digitalContent: ownerCounts.digitalContent,
      personalDocuments: ownerCounts.personalDocuments,
      onlineAccounts: ownerCounts.onlineAccounts,
      beneficiaries: ownerCounts.beneficiaries,
      trustedParties: ownerCounts.trustedParties,
    })
    .from(users)
    .innerJoin(ownerCounts, eq(ownerCounts.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("hl_dashboard_counts"),
);

export async function dashboardCounts(db: Db, userId: number): Promise<DashboardCounts | undefined> {
  const [row] = await countsQuery(db).execute({ userId });
  return row;
}
