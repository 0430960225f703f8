import { eq, ne } from "drizzle-orm";
import { userKeys } from "@shared/schema";
import { openDatabase } from "../server/bootstrap";
import { loadConfig } from "../server/config";
import { createKeyring } from "../server/lib/crypto/keyring";
import { rewrapDataKey } from "../server/lib/crypto/field-crypto";
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
let done = 0;
for (;;) {
  const batch = await database.db.select().from(userKeys).where(ne(userKeys.kid, keyring.currentKid)).limit(500);
  if (batch.length === 0) break;
  for (const row of batch) {
    const next = rewrapDataKey(keyring, { wrapped: row.wrappedKey, kid: row.kid });
    await database.db
      .update(userKeys)
      .set({ wrappedKey: next.wrapped, kid: next.kid })
      .where(eq(userKeys.userId, row.userId));
    done += 1;
  }
}
logger.info({ rewrapped: done, currentKid: keyring.currentKid }, "data keys re-wrapped");
await database.close();
