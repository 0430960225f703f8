import { eq } from "drizzle-orm";
import { estateDistributionSettings as eds, type EstateDistributionRow } from "@shared/schema";
import type { DbOrTx } from "../../db";

type Values = Omit<typeof eds.$inferInsert, "userId" | "status" | "executionDate" | "completedAt" | "createdAt">;

/** The owner's saved settings, or undefined while the defaults stand. Every statement is scoped by the owner. */
export async function findSettings(db: DbOrTx, userId: number): Promise<EstateDistributionRow | undefined> {
  const [row] = await db.select().from(eds).where(eq(eds.userId, userId)).limit(1);
  return row;
}

/**
 * Writes the owner's settings in one statement: the first save inserts, later ones update (the row is keyed by its
 * owner, so two saves at once cannot create two). Status and its dates are never part of `values`.
 */
export async function upsertSettings(
  db: DbOrTx,
  userId: number,
  values: Values & { updatedAt: Date },
): Promise<EstateDistributionRow> {
  const [row] = await db
    .insert(eds)
    .values({ ...values, userId, createdAt: values.updatedAt })
    .onConflictDoUpdate({ target: eds.userId, set: values })
    .returning();
  return row;
}
