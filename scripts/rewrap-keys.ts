import { openDatabase } from "../server/bootstrap";
import { loadConfig } from "../server/config";
import { rewrapUserKeys } from "../server/features/user-keys/rewrap";
import { createKeyring } from "../server/lib/crypto/keyring";
import { createLogger } from "../server/lib/logger";

/**
 * `npm run keys:rewrap`: re-wraps every per-user data key under the current master key (APP_ENCRYPTION_KEY_ID).
 * Resumable: each row is its own update, and rows already under the current kid are skipped. Field data is never
 * re-encrypted; only the small wrapped keys change.
 */
const config = loadConfig();
const logger = createLogger("info");
const keyring = createKeyring({ keys: config.encryptionKeys, currentKid: config.currentKid });
const database = await openDatabase(config, logger);
const done = await rewrapUserKeys(database.db, keyring);
logger.info({ rewrapped: done, currentKid: keyring.currentKid }, "data keys re-wrapped");
await database.close();
