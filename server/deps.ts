import type { Logger } from "pino";
import type { AppConfig } from "./config";
import type { Database } from "./db";
import type { Clock } from "./lib/clock";
import type { Keyring } from "./lib/crypto/keyring";
import type { Mailer } from "./lib/mail/mailer";
import type { MomoProvider } from "./lib/momo";
import type { OutboxSignal } from "./lib/outbox/enqueue";
import type { SmsProvider } from "./lib/outbox/sms";
import type { BlobStorage } from "./lib/storage";

/** Everything createApp needs, passed explicitly so tests can build the app in-process with real parts. */
export type AppDeps = {
  config: AppConfig;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  clock: Clock;
  /** Master keys: wrap per-user data keys and per-file envelopes. */
  keyring: Keyring;
  /** Encrypted blobs: local disk under DATA_DIR/blobs, or S3-compatible storage. */
  storage: BlobStorage;
  /** Wakes the scheduler's outbox task after a commit that enqueued a message; unset in tests (they deliver explicitly). */
  outbox?: OutboxSignal;
  /** SMS and WhatsApp delivery; as SMS_PROVIDER chose; unset: DATA_DIR/outbox/*.txt files. */
  sms?: SmsProvider;
  /** Mobile money; unset: as MOMO_PROVIDER chose (tests: an MTN provider pointed at a local fake of its API). */
  momo?: MomoProvider;
  /** Runs a background task now (after a commit that made work due); unset in tests, which call `t.tick()`. */
  jobs?: JobSignal;
};

export type JobSignal = { kick(task: string): void };
