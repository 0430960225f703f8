import type { Extensions } from "@electric-sql/pglite";

/**
 * The PostgreSQL extensions the migrations create (`CREATE EXTENSION`), which PGlite must have loaded before it can:
 * pg_trgm serves the admin's user search (migration 0014). Every PGlite the app or its tools open passes these.
 * Loaded on demand, like PGlite itself: a server on DATABASE_URL never pays for the WASM.
 */
export async function pgliteExtensions(): Promise<Extensions> {
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return { pg_trgm };
}
