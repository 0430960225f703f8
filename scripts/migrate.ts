import { openDatabase } from "../server/bootstrap";
import { loadConfig } from "../server/config";
import { createLogger } from "../server/lib/logger";

/** `npm run db:migrate`: applies pending migrations to the configured engine and exits. */
const config = loadConfig();
const logger = createLogger("info");
const database = await openDatabase(config, logger);
await database.close();
