import type { Logger } from "pino";
import type { AppConfig } from "./config";
import type { Database } from "./db";
import type { Clock } from "./lib/clock";
import type { Mailer } from "./lib/mail/mailer";

/** Everything createApp needs, passed explicitly so tests can build the app in-process with real parts. */
export type AppDeps = {
  config: AppConfig;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  clock: Clock;
};
