import path from "node:path";
import type { Logger } from "pino";
import type { AppConfig } from "./config";
import { createDatabase, runMigrations, type Database } from "./db";
import { serverEngine, startEmbeddedEngine, startEmbeddedProcess } from "./db/engine";

/** Opens the configured engine (embedded PGlite under DATA_DIR, or DATABASE_URL) and applies migrations. */
export async function openDatabase(config: AppConfig, logger: Logger): Promise<Database> {
  const pgdata = path.join(config.dataDir, "pgdata");
  const engine = config.databaseUrl
    ? serverEngine(config.databaseUrl)
    : config.embeddedDatabase === "process"
      ? await startEmbeddedProcess(pgdata, logger)
      : await startEmbeddedEngine(pgdata);
  const database = createDatabase(engine, logger);
  await runMigrations(database.db);
  logger.info({ engine: engine.kind }, "database ready, migrations applied");
  return database;
}
