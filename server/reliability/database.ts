import { randomBytes } from "node:crypto";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { lockDataDir } from "../db/data-dir-lock";
import { pgliteExtensions } from "../db/pglite-extensions";

/**
 * The database the spawned servers use, read directly by the tests: a scratch database on TEST_DATABASE_URL's
 * server (created here, dropped by `drop`), or the embedded engine's files under DATA_DIR/pgdata. The embedded
 * one can be opened only while no server runs on it (PGlite is single-process), so `query` is for a stopped server.
 */
export type TestDatabase = {
  engine: "embedded" | "postgres";
  /** DATABASE_URL for the spawned server; undefined for the embedded engine. */
  url: string | undefined;
  query<T extends object>(dataDir: string, text: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
};

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return {
      engine: "embedded",
      url: undefined,
      async query<T extends object>(dataDir: string, text: string, params: unknown[] = []) {
        // A killed server's database process may still be closing the files: wait for it to let go.
        const unlock = await lockDataDir(path.join(dataDir, "pgdata"));
        try {
          const db = await PGlite.create({
            dataDir: path.join(dataDir, "pgdata"),
            extensions: await pgliteExtensions(),
          });
          try {
            return (await db.query<T>(text, params)).rows;
          } finally {
            await db.close();
          }
        } finally {
          unlock();
        }
      },
      async drop() {
        // The files go with DATA_DIR.
      },
    };
  }
  const name = `hl_rel_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const url = target.toString();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    engine: "postgres",
    url,
    async query<T extends object>(_dataDir: string, text: string, params: unknown[] = []) {
      return (await pool.query<T>(text, params)).rows;
    },
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export type StorageRecount = {
  userId: number;
  storageUsed: number;
  storageLimit: number;
  /** SUM(stored_size) of the user's committed rows. */
  committedBytes: number;
  committedRows: number;
  pendingRows: number;
};

/** Every user's counter next to a recount of their files (bigints arrive as strings from pg, numbers from PGlite). */
export async function recountStorage(db: TestDatabase, dataDir: string): Promise<StorageRecount[]> {
  const rows = await db.query<Record<string, unknown>>(
    dataDir,
    `SELECT u.id AS user_id, u.storage_used, u.storage_limit,
            COALESCE(SUM(a.stored_size) FILTER (WHERE a.status = 'committed'), 0) AS committed_bytes,
            COUNT(a.id) FILTER (WHERE a.status = 'committed') AS committed_rows,
            COUNT(a.id) FILTER (WHERE a.status <> 'committed') AS pending_rows
       FROM users u LEFT JOIN digital_assets a ON a.user_id = u.id
      GROUP BY u.id, u.storage_used, u.storage_limit
      ORDER BY u.id`,
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    storageUsed: Number(r.storage_used),
    storageLimit: Number(r.storage_limit),
    committedBytes: Number(r.committed_bytes),
    committedRows: Number(r.committed_rows),
    pendingRows: Number(r.pending_rows),
  }));
}
