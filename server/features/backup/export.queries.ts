import { and, asc, count, desc, eq } from "drizzle-orm";
import { backupExports, beneficiaries, digitalAssets, digitalWills } from "@shared/schema";
import type { DbOrTx } from "../../db";
import type { TypedTable } from "../typed-assets/kinds";
import type { TypedRow } from "../typed-assets/typed-assets.service";

// Every read here is scoped by owner and oldest first, so an export → restore → export keeps the same order.

export function listOwnedBeneficiaries(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(beneficiaries)
    .where(eq(beneficiaries.userId, userId))
    .orderBy(asc(beneficiaries.createdAt), asc(beneficiaries.id));
}

export function listOwnedWills(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(digitalWills)
    .where(eq(digitalWills.userId, userId))
    .orderBy(asc(digitalWills.version), asc(digitalWills.id));
}

/** Committed files only: a pending row is an upload still in flight (or one the sweeper will remove). */
export function listOwnedFiles(db: DbOrTx, userId: number) {
  return db
    .select({
      id: digitalAssets.id,
      fileName: digitalAssets.fileName,
      filePath: digitalAssets.filePath,
      originalFileName: digitalAssets.originalFileName,
      mimeType: digitalAssets.mimeType,
      fileSize: digitalAssets.fileSize,
      category: digitalAssets.category,
      description: digitalAssets.description,
      assignedToBeneficiary: digitalAssets.assignedToBeneficiary,
      sha256: digitalAssets.sha256,
      createdAt: digitalAssets.createdAt,
    })
    .from(digitalAssets)
    .where(and(eq(digitalAssets.userId, userId), eq(digitalAssets.status, "committed")))
    .orderBy(asc(digitalAssets.createdAt), asc(digitalAssets.id));
}
export type OwnedFile = Awaited<ReturnType<typeof listOwnedFiles>>[number];

export async function listOwnedTypedRows(db: DbOrTx, table: TypedTable, userId: number): Promise<TypedRow[]> {
  const rows = await db
    .select()
    .from(table)
    .where(eq(table.userId, userId))
    .orderBy(asc(table.createdAt), asc(table.id));
  return rows as TypedRow[];
}

export async function insertExportRecord(db: DbOrTx, values: { userId: number; format: string; createdAt: Date }) {
  await db.insert(backupExports).values(values);
}

export async function findExportHistory(db: DbOrTx, userId: number) {
  const [last] = await db
    .select({ format: backupExports.format, createdAt: backupExports.createdAt })
    .from(backupExports)
    .where(eq(backupExports.userId, userId))
    .orderBy(desc(backupExports.createdAt), desc(backupExports.id))
    .limit(1);
  const [total] = await db.select({ n: count() }).from(backupExports).where(eq(backupExports.userId, userId));
  return { last, count: total?.n ?? 0 };
}
