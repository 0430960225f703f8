/**
 * An in-process release engine for bench/scheduler-engine.ts: a database of the bench's own (embedded PGlite on a
 * data folder of its own, inline in this process; or a scratch database on the PostgreSQL server), migrated, with the
 * app's dependencies (fake clock, real keyring, a mailer on a real loopback SMTP sink) and set-based seeding.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { loadConfig } from "../server/config";
import { createDatabase, runMigrations } from "../server/db";
import { serverEngine, startEmbeddedEngine, type DatabaseEngine } from "../server/db/engine";
import type { AppDeps } from "../server/deps";
import { createFakeClock } from "../server/lib/clock";
import { createKeyring } from "../server/lib/crypto/keyring";
import { createLogger } from "../server/lib/logger";
import { createMailer } from "../server/lib/mail/mailer";
import { createStorage } from "../server/lib/storage";
import { startSmtpSink } from "../server/test/smtp-sink";
import type { Engine, Verdict } from "./api";
import type { MeasurementResult } from "./scheduler";

async function scratchEngine(dataDir: string, url: string | undefined): Promise<DatabaseEngine> {
  if (!url) return startEmbeddedEngine(path.join(dataDir, "pgdata"));
  const name = `hl_bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const engine = serverEngine(target.toString());
  return {
    ...engine,
    async close() {
      await engine.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type EngineFixture = {
  deps: AppDeps;
  clock: ReturnType<typeof createFakeClock>;
  smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  /** One SQL text (several statements allowed on PostgreSQL; one at a time here for both engines). */
  exec(text: string): Promise<void>;
  /** Milliseconds one statement (or `begin … commit` script) takes. */
  timeSql(statements: string[]): Promise<number>;
  dispose(): Promise<void>;
};

export async function openEngineFixture(engine: Engine): Promise<EngineFixture> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hl-bench-fire-"));
  const smtp = await startSmtpSink();
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://127.0.0.1",
    SMTP_URL: smtp.url,
  });
  const logger = createLogger("silent");
  const dbEngine = await scratchEngine(dataDir, engine.url);
  const database = createDatabase(dbEngine, logger);
  await runMigrations(database.db);
  const clock = createFakeClock(new Date());
  const mailer = createMailer({ smtpUrl: smtp.url, from: config.mailFrom, outboxDir: dataDir, logger });
  const keyring = createKeyring({ keys: config.encryptionKeys, currentKid: config.currentKid });
  const storage = createStorage(config.storage);
  const deps: AppDeps = { config, database, logger, mailer, clock, keyring, storage };
  const exec = async (text: string) => void (await database.db.execute(sql.raw(text)));
  return {
    deps,
    clock,
    smtp,
    exec,
    async timeSql(statements) {
      // one connection, one transaction: as the firing writes its batch
      return database.db.transaction(async (tx) => {
        const started = process.hrtime.bigint();
        for (const s of statements) await tx.execute(sql.raw(s));
        return Number(process.hrtime.bigint() - started) / 1e6;
      });
    },
    async dispose() {
      mailer.close();
      await database.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `users` active clients (emails `fire<k>.<g>@example.com`) with one beneficiary each (and with `withFile` one
 * committed file each, named by their triggers), and `perUser` pending specific-date triggers each (automatic
 * verification, no message) due at `dueAt` (ISO); set-based SQL.
 */
export async function seedTriggers(
  f: EngineFixture,
  p: { key: string; users: number; perUser: number; dueAt: string; withFile?: boolean },
): Promise<void> {
  await f.exec(`
    insert into users (email, first_name, last_name, plan, email_verified)
    select 'fire${p.key}.' || g || '@example.com', 'Ama' || g, 'Mensah', 'basic_premium', true
    from generate_series(1, ${p.users}) g`);
  await f.exec(`
    insert into beneficiaries (user_id, first_name, last_name, email, relationship)
    select u.id, 'Kofi', 'Boateng', 'kofi.' || u.id || '@example.com', 'child'
    from users u where u.email like 'fire${p.key}.%'`);
  if (p.withFile)
    await f.exec(`
      insert into digital_assets (user_id, file_name, original_file_name, file_size, stored_size, mime_type, category,
        file_path, status)
      select u.id, md5(u.id::text), 'deed.pdf', 1000, 1028, 'application/pdf', 'documents', 'blobs/' || md5(u.id::text),
        'committed'
      from users u where u.email like 'fire${p.key}.%'`);
  await f.exec(`
    insert into asset_release_triggers (user_id, beneficiary_id, asset_id, trigger_type, trigger_date, status,
      next_event_at, next_event_kind)
    select b.user_id, b.id, a.id, 'specific_date', '${p.dueAt}'::timestamptz, 'pending', '${p.dueAt}'::timestamptz,
      'fire'
    from beneficiaries b join users u on u.id = b.user_id and u.email like 'fire${p.key}.%'
    left join digital_assets a on a.user_id = u.id
    cross join generate_series(1, ${p.perUser}) g`);
  await f.exec("analyze");
}

export const ms = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
export const never = () => new AbortController().signal;

export function result(row: string, v: Omit<Verdict, "bench">): MeasurementResult {
  return { rows: [row], verdicts: [{ bench: "scheduler", ...v }] };
}

export async function withFixtures<T>(
  n: number,
  ctxEngine: Parameters<typeof openEngineFixture>[0],
  body: (f: EngineFixture[]) => Promise<T>,
) {
  const fixtures: EngineFixture[] = [];
  try {
    for (let i = 0; i < n; i += 1) fixtures.push(await openEngineFixture(ctxEngine));
    return await body(fixtures);
  } finally {
    for (const f of fixtures) await f.dispose();
  }
}

export const mode = (url: string | undefined) => (url ? ("server" as const) : ("inline" as const));
/** The engine as these measurements run it: the embedded one inline in this process, whatever mode the server uses. */
export const label = (engine: Engine) => (engine.url ? engine.label : "embedded (PGlite, inline in the bench process)");
