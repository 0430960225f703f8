import path from "node:path";
import type { Server } from "node:http";
import { createApp } from "./app";
import type { AppDeps } from "./deps";
import { openDatabase } from "./bootstrap";
import { ConfigError, loadConfig } from "./config";
import { sweepOrphanBlobs, sweepStaleUploads } from "./features/assets/sweeper";
import { announceSetupToken } from "./setup-token";
import { releaseLeasesOfDeadProcess } from "./lib/user-locks";
import { encryptLegacyFields } from "./features/user-keys/encrypt-legacy-fields";
import { systemClock } from "./lib/clock";
import { createLogger } from "./lib/logger";
import { createKeyring } from "./lib/crypto/keyring";
import { createMailer } from "./lib/mail/mailer";
import { createScheduler } from "./lib/jobs/scheduler";
import { createSmsProvider } from "./lib/outbox/sms";
import { OUTBOX_TASK } from "./lib/outbox/task";
import { backgroundTasks } from "./jobs";
import { createStorage } from "./lib/storage";

const SHUTDOWN_GRACE_MS = 25_000;
const SWEEP_INTERVAL_MS = 5 * 60 * 1000;
/** The orphan-blob sweep lists the whole blob store: at start-up, then hourly. */
const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  for (const warning of config.startupWarnings) logger.warn(warning);
  const database = await openDatabase(config, logger);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, "outbox"),
    logger,
  });
  const keyring = createKeyring({ keys: config.encryptionKeys, currentKid: config.currentKid });
  const storage = createStorage(config.storage);
  const sms = createSmsProvider(config, logger);
  const deps: AppDeps = { config, database, logger, mailer, clock: systemClock, keyring, storage, sms };
  // Background work (message delivery, due triggers, warnings, expiries…): at start-up (catching up whatever fell due
  // while we were down, once), every SCHEDULER_INTERVAL_SECONDS, and when a commit makes work due: deps.jobs is kicked
  // then, and deps.outbox after a commit that queued a message, so it leaves at once rather than at the next tick.
  const scheduler = createScheduler({ logger, intervalMs: config.schedulerIntervalMs, tasks: backgroundTasks(deps) });
  deps.jobs = { kick: (task) => scheduler.runner(task).kick() };
  deps.outbox = { kick: () => scheduler.runner(OUTBOX_TASK).kick() };
  const built = createApp(deps);

  await announceSetupToken({ db: database.db, clock: systemClock, dataDir: config.dataDir, logger });

  // What interrupted uploads left behind (a crash, a killed process) goes at start-up and every five minutes.
  const sweep = () =>
    sweepStaleUploads(deps, config.sweepAgeMs)
      .then((r) => {
        if (r.pendingRows || r.stagedBlobs || r.tempFiles) logger.info(r, "swept interrupted uploads");
      })
      .catch((err: unknown) =>
        logger.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, "upload sweep failed"),
      );
  if (database.engine.kind === "embedded") await releaseLeasesOfDeadProcess(database.db);
  await sweep();
  // Blobs a crash in the middle of a restore left in place without their rows: at start-up, then hourly (a crashed
  // process's restore lease can still be live at a quick restart, and then the start-up sweep spares recent blobs).
  const sweepOrphans = () =>
    sweepOrphanBlobs(deps).catch((err: unknown) =>
      logger.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, "orphan blob sweep failed"),
    );
  await sweepOrphans();
  const sweepTimer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  sweepTimer.unref();
  const orphanTimer = setInterval(() => void sweepOrphans(), ORPHAN_SWEEP_INTERVAL_MS);
  orphanTimer.unref();

  // Sensitive fields an earlier version stored in plain text are encrypted beside live traffic (readers tell plain
  // rows from encrypted ones by their enc_version, so nothing waits); shutdown stops it between two rows, and the
  // next start resumes where it stopped.
  const stopLegacyRun = new AbortController();
  const legacyRun = encryptLegacyFields(deps, { signal: stopLegacyRun.signal }).catch((err: unknown) =>
    logger.error(
      { err: { message: err instanceof Error ? err.message : String(err) } },
      "encrypting plain-text fields stopped; the next start resumes it",
    ),
  );
  scheduler.start();

  const server: Server = built.app.listen(config.port, () => {
    logger.info(`Heirloom listening on ${config.publicUrl} (port ${config.port})`);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: no new connections, finishing in-flight requests");
    built.markStopping();
    const force = setTimeout(() => {
      logger.error("in-flight requests did not finish in time; closing connections");
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    clearInterval(sweepTimer);
    clearInterval(orphanTimer);
    stopLegacyRun.abort();
    await legacyRun;
    await scheduler.stop();
    await built.close();
    mailer.close();
    await database.close();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err: unknown) => {
  console.error("Heirloom failed to start:", err instanceof Error ? err.message : err);
  process.exit(1);
});
