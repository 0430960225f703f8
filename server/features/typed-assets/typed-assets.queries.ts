import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db";
import type { TypedTable } from "./kinds";

/** A typed asset row as Drizzle reads it: column keys in camelCase, dates as Date. */
export type TypedRow = Record<string, unknown> & {
  id: number;
  userId: number;
  /** Which columns hold ciphertext (field-secrets.ts); never leaves the server. */
  encVersion: number;
  createdAt: Date;
  updatedAt: Date;
};

export { nextRowId } from "../../db/row-ids";

export async function listOwnedRows(
  db: DbOrTx,
  table: TypedTable,
  p: { userId: number; limit: number; offset: number },
) {
  const rows = await db
    .select()
    .from(table)
    .where(eq(table.userId, p.userId))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(p.limit)
    .offset(p.offset);
  return rows as TypedRow[];
}

/** The owner's row by id; undefined when missing or someone else's (→ 404). */
export async function getOwnedRow(db: DbOrTx, table: TypedTable, where: { userId: number; id: number }) {
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.id, where.id), eq(table.userId, where.userId)))
    .limit(1);
  return row as TypedRow | undefined;
}

export async function insertRow(tx: Tx, table: TypedTable, values: Record<string, unknown>): Promise<TypedRow> {
  const [row] = await tx
    .insert(table)
    .values(values as TypedTable["$inferInsert"])
    .returning();
  return row as TypedRow;
}

/** Updates the owner's row only; undefined when the id is missing or someone else's (→ 404). */
export async function updateOwnedRow(
  tx: Tx,
  table: TypedTable,
  where: { userId: number; id: number },
  values: Record<string, unknown>,
): Promise<TypedRow | undefined> {
  const [row] = await tx
    .update(table)
    .set(values)
    .where(and(eq(table.id, where.id), eq(table.userId, where.userId)))
    .returning();
  return row as TypedRow | undefined;
}

export async function deleteOwnedRow(db: DbOrTx, table: TypedTable, where: { userId: number; id: number }) {
  const rows = await db
    .delete(table)
    .where(and(eq(table.id, where.id), eq(table.userId, where.userId)))
    .returning({ id: table.id });
  return rows.length === 1;
}
