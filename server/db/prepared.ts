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
