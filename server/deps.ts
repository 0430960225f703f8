import type { Logger } from "pino";
import type { AppConfig } from "./config";
import type { Database } from "./db";
import type { Clock } from "./lib/clock";
import type { Keyring } from "./lib/crypto/keyring";
import type { Mailer } from "./lib/mail/mailer";
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
};
