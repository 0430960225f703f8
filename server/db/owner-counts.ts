import { eq, sql } from "drizzle-orm";
import { ownerCounts } from "@shared/schema";
import type { Db } from "./index";
import { preparedPerDb } from "./prepared";

const countsQuery = preparedPerDb((db) =>
  db
    .select()
    .from(ownerCounts)
    .where(eq(ownerCounts.userId, sql.placeholder("userId")))
    .prepare("hl_owner_counts"),
);

/**
 * The owner's row of owner_counts (kept by triggers, migration 0001): the totals of every list without a search, at
 * a cost that does not grow with the number of rows. Undefined for a user who does not exist.
 */
export async function ownerCountsOf(db: Db, userId: number) {
  const [row] = await countsQuery(db).execute({ userId });
  return row;
}
