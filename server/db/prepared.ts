import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { QueryResultRow } from "pg";
import type { Db } from "./index";

/**
 * A query prepared once per database handle: the statement is named, so PostgreSQL (and the embedded engine, whose
 * planner runs on the server's own thread) parses and plans it once per connection instead of on every request.
 * For the hot, fixed-shape reads only; anything with optional clauses stays a plain query.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let query = cache.get(db);
    if (!query) {
      query = build(db);
      cache.set(db, query);
    }
    return query;
  };
}

const dialect = new PgDialect();

/**
 * A raw statement run as a NAMED prepared statement on the pool, for a hot, fixed-shape write that only a CTE
 * expresses (the query builders' `.prepare()` cannot): parsed and planned once per connection. `name` must always
 * carry the same text — build the statement from constants and parameters only. Not for use inside a transaction
 * (the pool refuses it there): one statement is its own transaction.
 */
export async function executePrepared<T extends QueryResultRow>(pool: pg.Pool, name: string, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await pool.query<T>({ name, text, values: params });
  return result.rows;
}
