import { openDatabase } from "../server/bootstrap";
import { loadConfig } from "../server/config";
import { reencryptFiles } from "../server/features/assets/reencrypt";
import { createKeyring } from "../server/lib/crypto/keyring";
import { createLogger } from "../server/lib/logger";
import { createStorage } from "../server/lib/storage";

/**
 * `npm run keys:reencrypt-files`: re-encrypts every stored file under the current master key (APP_ENCRYPTION_KEY_ID),
 * the step that lets an old master key be removed (see docs/SECURITY.md, key rotation). Resumable; safe to run while
 * the server serves (run `npm run keys:rewrap` for the field data keys too). Exits 1 if any file could not be done.
 */
const config = loadConfig();
const logger = createLogger("info");
const keyring = createKeyring({ keys: config.encryptionKeys, currentKid: config.currentKid });
const database = await openDatabase(config, logger);
const storage = createStorage(config.storage);
const result = await reencryptFiles({ database, storage, keyring, logger });
logger.info({ ...result, currentKid: keyring.currentKid }, "files re-encrypted");
await database.close();
process.exitCode = result.failed > 0 ? 1 : 0;
