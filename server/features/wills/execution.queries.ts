import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { beneficiaries, digitalAssets, digitalWills, willExecutions, type WillExecution } from "@shared/schema";
import type { DbOrTx, Tx } from "../../db";
import { nextRowId } from "../../db/row-ids";

type Owned = { userId: number; willId: number };
export type NewExecution = typeof willExecutions.$inferInsert;

/** The execution record of the owner's will version, if one was started. */
export async function findExecution(db: DbOrTx, { userId, willId }: Owned): Promise<WillExecution | undefined> {
  const [row] = await db
    .select()
    .from(willExecutions)
    .where(and(eq(willExecutions.willId, willId), eq(willExecutions.userId, userId)))
    .limit(1);
  return row;
}

/** The owner's one executed will, with its version number. */
export async function findCurrentExecution(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ execution: willExecutions, version: digitalWills.version })
    .from(willExecutions)
    .innerJoin(digitalWills, eq(digitalWills.id, willExecutions.willId))
    .where(and(eq(willExecutions.userId, userId), eq(willExecutions.status, "executed")))
    .limit(1);
  return row;
}

/** Every execution record of the owner, newest first (backups and releases read them). */
export async function listExecutions(db: DbOrTx, userId: number): Promise<WillExecution[]> {
  return db.select().from(willExecutions).where(eq(willExecutions.userId, userId)).orderBy(desc(willExecutions.id));
}

export function nextExecutionId(tx: Tx): Promise<number> {
  return nextRowId(tx, "will_executions");
}

export async function insertExecution(tx: Tx, values: NewExecution): Promise<WillExecution> {
  const [row] = await tx.insert(willExecutions).values(values).returning();
  return row;
}

/** Rewrites a record that is still a draft or ready; answers nothing when it has moved on meanwhile. */
export async function updateOpenExecution(
  tx: Tx,
  { userId, willId, expected }: Owned & { expected: string },
  values: Partial<NewExecution>,
): Promise<WillExecution | undefined> {
  const [row] = await tx
    .update(willExecutions)
    .set(values)
    .where(
      and(eq(willExecutions.willId, willId), eq(willExecutions.userId, userId), eq(willExecutions.status, expected)),
    )
    .returning();
  return row;
}

/** Marks the owner's executed will (other than `willId`) superseded; answers how many rows moved. */
export async function supersedeExecuted(tx: Tx, { userId, willId }: Owned, now: Date): Promise<number> {
  const rows = await tx
    .update(willExecutions)
    .set({ status: "superseded", updatedAt: now })
    .where(
      and(eq(willExecutions.userId, userId), eq(willExecutions.status, "executed"), ne(willExecutions.willId, willId)),
    )
    .returning({ id: willExecutions.id });
  return rows.length;
}

/** The owner's beneficiaries as the warnings compare them (names, e-mail, relationship). */
export async function beneficiariesForWarnings(db: DbOrTx, userId: number) {
  return db
    .select({
      firstName: beneficiaries.firstName,
      lastName: beneficiaries.lastName,
      email: beneficiaries.email,
      relationship: beneficiaries.relationship,
    })
    .from(beneficiaries)
    .where(eq(beneficiaries.userId, userId))
    .limit(1000);
}

/** The name, type and size of the owner's committed scan file, if it still exists. */
export async function findScanFile(db: DbOrTx, userId: number, assetId: number) {
  const [row] = await db
    .select({
      fileName: digitalAssets.originalFileName,
      mimeType: digitalAssets.mimeType,
      fileSize: digitalAssets.fileSize,
    })
    .from(digitalAssets)
    .where(and(eq(digitalAssets.id, assetId), eq(digitalAssets.userId, userId), eq(digitalAssets.status, "committed")))
    .limit(1);
  return row;
}

/** The owner's executed or superseded records whose scan is one of `fileIds`, with their version numbers. */
export async function executionsByScan(db: DbOrTx, userId: number, fileIds: number[]) {
  if (fileIds.length === 0) return [];
  return db
    .select({ execution: willExecutions, version: digitalWills.version })
    .from(willExecutions)
    .innerJoin(digitalWills, eq(digitalWills.id, willExecutions.willId))
    .where(
      and(
        eq(willExecutions.userId, userId),
        inArray(willExecutions.scanAssetId, fileIds),
        inArray(willExecutions.status, ["executed", "superseded"]),
      ),
    )
    .orderBy(desc(willExecutions.id));
}
