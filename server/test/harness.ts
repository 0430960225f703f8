import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pg from "pg";
import supertest from "supertest";
import { createApp, type AppOptions } from "../app";
import { loadConfig, type ConfigOverrides } from "../config";
import { createDatabase, runMigrations } from "../db";
import { serverEngine, startEmbeddedEngine, type DatabaseEngine } from "../db/engine";
import type { AppDeps } from "../deps";
import { backgroundTasks } from "../jobs";
import { createFakeClock } from "../lib/clock";
import { createScheduler } from "../lib/jobs/scheduler";
import { createLogger } from "../lib/logger";
import { createKeyring } from "../lib/crypto/keyring";
import { createMailer } from "../lib/mail/mailer";
import { deliverDueMessages } from "../lib/outbox/deliver";
import { OUTBOX_TASK } from "../lib/outbox/task";
import { createStorage } from "../lib/storage";
import { startSmtpSink } from "./smtp-sink";
import { startTcpProxy } from "./tcp-proxy";

/** A fresh database of its own: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
async function scratchEngine(): Promise<DatabaseEngine> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return startEmbeddedEngine(undefined);
  const name = `hl_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  // Through a loopback proxy, so outage tests can cut the connection to a real server.
  const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  target.hostname = "127.0.0.1";
  target.port = String(proxy.port);
  const engine = serverEngine(target.toString());
  return {
    ...engine,
    async pause() {
      proxy.cut();
    },
    async resume() {
      proxy.restore();
    },
    async close() {
      await proxy.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TestAppOptions = {
  config?: ConfigOverrides;
  env?: Record<string, string>;
  /** Log everything (level trace) into memory, readable with `logs()`: for the log leak scan (LOG-01). */
  captureLogs?: boolean;
  /**
   * Run the scheduler as `npm start` does (the outbox task kicked after each commit that queues mail, every task at
   * start-up; its interval is an hour, so nothing else happens on a timer). Off by default: tests deliver explicitly
   * with `deliverOutbox()` and tick with `tick()`, so what happens when is up to the test.
   */
  outboxRunner?: boolean;
  /** Test-only routes, declared through the app's route table. */
  extraRoutes?: AppOptions["extraRoutes"];
  /** The mobile-money provider (e.g. MTN's adapter pointed at server/test/fakes/mtn-momo.ts); unset: test mode. */
  momo?: AppDeps["momo"];
};

/**
 * The real app in-process: real PostgreSQL (embedded or server), a real SMTP server on loopback, a settable clock.
 * One per test file (call in beforeAll, close in afterAll).
 */
export async function startTestApp(opts: TestAppOptions = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-test-"));
  const smtp = await startSmtpSink();
  const config = loadConfig(
    {
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://heirloom.test",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      SMTP_URL: smtp.url,
      LOG_LEVEL: "silent",
      ...opts.env,
    },
    { ...opts.config },
  );
  // A loaded test machine can keep a read waiting for seconds: the response deadline has its own test with a short one.
  if (opts.config?.responseDeadlineMs === undefined && opts.env?.RESPONSE_DEADLINE_SECONDS === undefined)
    config.responseDeadlineMs = 120_000;
  // Tests register many users from one address; the registration limit has its own test with a small limit.
  if (!opts.config?.rateLimits)
    config.rateLimits = { ...config.rateLimits, registerPerIp: { points: 10_000, durationSeconds: 3600 } };
  const logLines: string[] = [];
  const logger = opts.captureLogs
    ? createLogger(
        "trace",
        new Writable({
          write(chunk: Buffer, _encoding, callback) {
            logLines.push(chunk.toString("utf8"));
            callback();
          },
        }),
      )
    : createLogger(process.env.TEST_LOG_LEVEL ?? "silent");
  const engine = await scratchEngine();
  const database = createDatabase(engine, logger);
  await runMigrations(database.db);
  const clock = createFakeClock(new Date());
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: config.mailFrom,
    outboxDir: path.join(dataDir, "outbox"),
    logger,
  });
  const keyring = createKeyring({ keys: config.encryptionKeys, currentKid: config.currentKid });
  const storage = createStorage({ driver: "local", root: path.join(dataDir, "blobs"), fsync: false });
  const deps: AppDeps = { config, database, logger, mailer, clock, keyring, storage, momo: opts.momo };
  /** The server's background tasks, never on a timer here: `tick()` runs each once, as an interval would. */
  const scheduler = createScheduler({ logger, intervalMs: 60 * 60 * 1000, tasks: backgroundTasks(deps) });
  if (opts.outboxRunner) {
    // What the test sees is delivered by the kick after a commit, never by the (hourly) timer.
    deps.outbox = { kick: () => scheduler.runner(OUTBOX_TASK).kick() };
    scheduler.start();
  }
  const built = createApp(deps, {
    pruneSessions: false,
    spaDir: path.join(dataDir, "no-spa"),
    extraRoutes: opts.extraRoutes,
  });

  /** Delivers every message that is due now (by the fake clock), batch after batch, as the worker would. */
  const deliverOutbox = async () => {
    const total = { claimed: 0, sent: 0, retrying: 0, failed: 0 };
    for (;;) {
      const r = await deliverDueMessages(deps);
      total.claimed += r.claimed;
      total.sent += r.sent;
      total.retrying += r.retrying;
      total.failed += r.failed;
      if (r.claimed === 0) return total;
    }
  };

  let counter = 0;
  const uniqueEmail = (prefix = "user") => `${prefix}${++counter}.${randomBytes(3).toString("hex")}@example.com`;

  return {
    ...built,
    deps,
    db: database.db,
    storage,
    keyring,
    pool: database.pool,
    smtp,
    clock,
    dataDir,
    uniqueEmail,
    /** Everything logged so far (only with `captureLogs`). */
    logs: () => logLines.join(""),
    request: () => supertest(built.app),
    /** Cuts the app off from its database (embedded: stops the socket; server: cuts the proxy). */
    pauseDatabase: () => engine.pause(),
    resumeDatabase: () => engine.resume(),
    agent: () => supertest.agent(built.app),
    deliverOutbox,
    /** One scheduler tick at the fake clock's time: every background task once, in order; answers what each handled. */
    tick: () => scheduler.tick(),
    /**
     * Registers a client (or the given type) on a fresh cookie jar and returns both. `verified` also follows the
     * verification link from the mail, as the person would (messages to others are held until then).
     */
    async signUp(
      fields: Partial<{
        email: string;
        password: string;
        firstName: string;
        lastName: string;
        userType: string;
        verified: boolean;
      }> = {},
    ) {
      const agent = supertest.agent(built.app);
      const body = {
        email: fields.email ?? uniqueEmail(),
        password: fields.password ?? "Kente-Cloth-2026",
        firstName: fields.firstName ?? "Ama",
        lastName: fields.lastName ?? "Mensah",
        userType: fields.userType ?? "client",
      };
      const res = await agent.post("/api/register").send(body);
      if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
      if (fields.verified) {
        await deliverOutbox();
        const token = smtp.linkFor(body.email, "/verify-email/")?.split("/").pop();
        const verified = await agent.post("/api/auth/verify-email").send({ token });
        if (verified.status !== 200) throw new Error(`verification failed: ${verified.status} ${verified.text}`);
      }
      return { agent, user: res.body as { id: number; email: string }, password: body.password };
    },
    async close() {
      await scheduler.stop();
      await built.close();
      mailer.close();
      await smtp.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
