import { AsyncLocalStorage } from "node:async_hooks";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Logger } from "pino";
import * as schema from "@shared/schema";
import type { DatabaseEngine } from "./engine";
import { fromRoot } from "../lib/app-root";

export type Db = NodePgDatabase<typeof schema>;
/** The handle a transaction callback receives; query functions accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  pool: pg.Pool;
  engine: DatabaseEngine;
  close(): Promise<void>;
};

/** Present inside a runInTransaction callback: what to run once that transaction has committed. */
const txScope = new AsyncLocalStorage<{ afterCommit: (() => void)[] }>();

export class PoolInsideTransactionError extends Error {
  constructor() {
    super("The pool was used inside a transaction: use the transaction handle (tx), never db, inside runInTransaction");
  }
}

/**
 * A pool that refuses to be used from inside a transaction callback. On the embedded engine such a query would
 * wait for the transaction that is waiting for it — a deadlock — so it fails at once, on every engine, in tests.
 */
class GuardedPool extends pg.Pool {
  override query(...args: unknown[]): never {
    if (txScope.getStore()) throw new PoolInsideTransactionError();
    return (super.query as (...a: unknown[]) => never)(...args);
  }
  override connect(...args: unknown[]): never {
    if (txScope.getStore()) throw new PoolInsideTransactionError();
    return (super.connect as (...a: unknown[]) => never)(...args);
  }
}

/** The one way to run a transaction: the callback gets `tx` and any use of the pool inside it throws. */
export async function runInTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const scope = { afterCommit: [] as (() => void)[] };
  const result = await db.transaction((tx) => txScope.run(scope, () => fn(tx)));
  for (const hook of scope.afterCommit) hook();
  return result;
}

/**
 * Runs `hook` once the surrounding runInTransaction has committed (never after a rollback), or at once outside
 * one. For nudges only (wake the outbox worker): the hook must not throw.
 */
export function afterCommit(hook: () => void): void {
  const scope = txScope.getStore();
  if (scope) scope.afterCommit.push(hook);
  else hook();
}

/**
 * How long a PostgreSQL server lets one of our sessions sit inside an open transaction without sending a statement
 * before it ends the session (and so the transaction, its locks and its row versions). Every transaction of the app
 * runs only database statements and short computations, milliseconds apart; one idle for this long was abandoned
 * (a bug awaiting something else, a process frozen mid-request), and would otherwise hold its row locks — the user
 * row every upload and restore locks — and keep vacuum from cleaning up, for as long as the process lives.
 */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;

export type DatabaseOptions = {
  max?: number;
  /** Tests only: a short value, to see an abandoned transaction cut without a long wait. */
  idleInTransactionTimeoutMs?: number;
};

export function createDatabase(engine: DatabaseEngine, logger: Logger, opts: DatabaseOptions = {}): Database {
  const embedded = engine.kind === "embedded";
  const pool = new GuardedPool({
    ...engine.connection,
    // NOTE: every socket connection to PGlite shares its one backend session, so two connections in use at once
    // interleave their protocol messages. The embedded engine gets exactly one connection; requests queue for it.
    max: embedded ? 1 : (opts.max ?? 10),
    // NOTE: pg waits forever for a connection by default; a timeout turns an outage into a 503. Embedded requests
    // also queue for the single connection, so they get longer before that counts as an outage.
    connectionTimeoutMillis: embedded ? 15_000 : 3000,
    // A replaced connection lands in the same PGlite session, where the old connection's named prepared statements
    // still exist; re-preparing them would fail ("already exists") until restart. The pool awaits this hook.
    // (the types say void; pg-pool awaits a returned promise)
    ...(embedded ? { onConnect: (client: pg.ClientBase) => client.query("DEALLOCATE ALL") } : {}),
    idleTimeoutMillis: 10_000,
    statement_timeout: 30_000,
    // Sent in each connection's startup packet, so every session of the pool has it from its first statement.
    // NOTE: not on the embedded engine. PGlite ignores startup parameters, and when the timeout fires it ends its one
    // and only backend — the whole embedded database, not one session (tried on PGlite 0.5.14). There a transaction
    // is bounded by the code instead: runInTransaction's callback may use only `tx`, so nothing but statements runs
    // inside it (restore moves its blobs after the commit, uploads before and after theirs).
    ...(embedded
      ? {}
      : { idle_in_transaction_session_timeout: opts.idleInTransactionTimeoutMs ?? IDLE_IN_TRANSACTION_TIMEOUT_MS }),
  });
  // An idle client's error (server restart, socket closed) would otherwise crash the process.
  pool.on("error", (err) => logger.warn({ err: { message: err.message } }, "database connection lost"));
  // pg-pool removes its error listener while a client is checked out (a transaction): without one of our own, a
  // connection cut mid-transaction emits an unhandled 'error' and crashes the process. The query itself still fails.
  pool.on("connect", (client) => {
    client.on("error", (err) => logger.warn({ err: { message: err.message } }, "database connection lost in use"));
  });
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    engine,
    async close() {
      await pool.end();
      await engine.close();
    },
  };
}

export const MIGRATIONS_FOLDER = fromRoot("migrations");

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

const OUTAGE_CODES = new Set([
  "ECONNREFUSED",
  "ENOENT",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

/** True when an error means "the database cannot be reached", as opposed to a bad query. */
export function isDatabaseOutage(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e instanceof Error; depth += 1) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === "string" && OUTAGE_CODES.has(code)) return true;
    if (
      /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED|Client has encountered a connection error/i.test(
        e.message,
      )
    ) {
      return true;
    }
    e = (e as Error & { cause?: unknown }).cause;
  }
  return false;
}
