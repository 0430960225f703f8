import { sql, type SQL } from "drizzle-orm";

/** One column of a set-based write: its values, and the SQL type of one element (a constant of the caller's). */
export type ArrayColumn = readonly [values: readonly unknown[], elementType: string];

/**
 * `unnest($1::<type>[], $2::<type>[], …)`: row i holds element i of every array. Each column is ONE array parameter
 * (node-postgres writes the array literal), so an `INSERT … SELECT … FROM unnest(…)` of 500 rows has as many
 * parameters as columns and is parsed and planned like one of a single row — unlike a multi-row `VALUES` list, whose
 * bind parameters (and the query builder's work on each) grow with every row. All arrays must have the same length.
 */
export function unnest(columns: ArrayColumn[]): SQL {
  const params = columns.map(([values, type]) => sql`${sql.param(values)}::${sql.raw(type)}[]`);
  return sql`unnest(${sql.join(params, sql`, `)})`;
}
