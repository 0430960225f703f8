import { openDatabase } from "../server/bootstrap";
import { loadConfig } from "../server/config";
import { encryptLegacyFields } from "../server/features/user-keys/encrypt-legacy-fields";
import { createKeyring } from "../server/lib/crypto/keyring";
import { createLogger } from "../server/lib/logger";

/**
 * `npm run keys:encrypt-legacy`: encrypts every sensitive field an earlier version stored in plain text (wills, and
 * the free-text fields that became sensitive later) under its owner's data key. The server does the same at every
 * start-up; this runs it on its own, for example before taking a database dump. Resumable and idempotent. Exits 1
 * when a row could not be encrypted (named by table and id in the log).
 */
const config = loadConfig();
const logger = createLogger("info");
const keyring = createKeyring({ keys: config.encryptionKeys, currentKid: config.currentKid });
const database = await openDatabase(config, logger);
const report = await encryptLegacyFields({ database, keyring, logger });
logger.info(report, "plain-text sensitive fields checked");
await database.close();
if (report.failed > 0) process.exitCode = 1;
