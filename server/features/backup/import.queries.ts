import { sql } from "drizzle-orm";
import { beneficiaries, digitalAssets, digitalWills } from "@shared/schema";
import type { Tx } from "../../db";
import type { TypedTable } from "../typed-assets/kinds";

/** Rows per INSERT: well under PostgreSQL's 65 535 parameters for the widest table. */
const BATCH = 500;

function batches<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

/**
 * `n` fresh ids of a serial table, drawn before the insert: encrypted fields name their row in their AAD, and
 * beneficiary ids are needed to re-link assignments in the same transaction.
 */
export async function nextRowIds(tx: Tx, tableName: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const result = await tx.execute<{ id: string }>(
    sql`select nextval(pg_get_serial_sequence(${tableName}, 'id')) as id from generate_series(1, ${n})`,
  );
  return result.rows.map((r) => Number(r.id));
}

export async function insertBeneficiaryRows(tx: Tx, rows: (typeof beneficiaries.$inferInsert)[]): Promise<void> {
  for (const batch of batches(rows)) await tx.insert(beneficiaries).values(batch);
}

export async function insertWillRows(tx: Tx, rows: (typeof digitalWills.$inferInsert)[]): Promise<void> {
  for (const batch of batches(rows)) await tx.insert(digitalWills).values(batch);
}

export async function insertTypedRows(tx: Tx, table: TypedTable, rows: Record<string, unknown>[]): Promise<void> {
  for (const batch of batches(rows)) await tx.insert(table).values(batch as TypedTable["$inferInsert"][]);
}

export async function insertFileRows(tx: Tx, rows: (typeof digitalAssets.$inferInsert)[]): Promise<void> {
  for (const batch of batches(rows)) await tx.insert(digitalAssets).values(batch);
}

export type FileCommit = { id: number; assignee: number | null; createdAt: Date };

/**
 * Turns a restore's pending file rows into committed ones, re-linked to the restored beneficiaries and dated as in the
 * backup, in one statement per batch (no query per row). Answers how many rows it committed: fewer than asked means
 * some were swept meanwhile, and the caller must not commit.
 */
export async function commitFileRows(tx: Tx, userId: number, rows: FileCommit[]): Promise<number> {
  let committed = 0;
  for (const batch of batches(rows)) {
    const values = sql.join(
      batch.map((r) => sql`(${r.id}::int, ${r.assignee}::int, ${r.createdAt.toISOString()}::timestamptz)`),
      sql`, `,
    );
    const result = await tx.execute(sql`
      update digital_assets d
      set status = 'committed', assigned_to_beneficiary = v.assignee, created_at = v.created_at
      from (values ${values}) as v(id, assignee, created_at)
      where d.id = v.id and d.user_id = ${userId} and d.status = 'pending'`);
    committed += result.rowCount ?? 0;
  }
  return committed;
}
