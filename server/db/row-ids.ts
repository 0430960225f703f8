import { sql } from "drizzle-orm";
import type { Tx } from "./index";

/**
 * The next id of a serial table, drawn inside the transaction before the insert: an encrypted field's AAD names
 * its row, so the id must be known before the value is encrypted. `tableName` is a constant of the caller's.
 */
export async function nextRowId(tx: Tx, tableName: string): Promise<number> {
  const result = await tx.execute<{ id: string }>(
    sql`select nextval(pg_get_serial_sequence(${tableName}, 'id')) as id`,
  );
  return Number(result.rows[0].id);
}
