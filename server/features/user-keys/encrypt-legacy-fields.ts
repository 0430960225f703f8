import { digitalWills } from "@shared/schema";
import type { AppDeps } from "../../deps";
import {
  encryptLegacyRows,
  type EncryptedTable,
  type LegacyRunOptions,
  type LegacyRunReport,
} from "../../lib/crypto/legacy-rows";
import { KINDS } from "../typed-assets/kinds";
import { WILL_SECRETS } from "../wills/will-secrets";
import { getOrCreateUserDataKey } from "./user-keys.service";

/** Every table with sensitive columns: the wills and the six typed-asset kinds. */
export const ENCRYPTED_TABLES: readonly EncryptedTable[] = [
  { table: digitalWills, secrets: WILL_SECRETS },
  ...KINDS.map((kind) => ({ table: kind.table, secrets: kind })),
];

/**
 * Encrypts what earlier versions stored in plain text (wills, and the free-text fields that joined the sensitive
 * lists in issue 12) under each owner's data key. Runs at every start-up beside live traffic (readers tell plain
 * rows from encrypted ones by their enc_version, so nothing waits for it) and as `npm run keys:encrypt-legacy`.
 * Once every row is current, a run costs one empty index scan per table.
 */
export async function encryptLegacyFields(
  deps: Pick<AppDeps, "database" | "keyring" | "logger">,
  opts: LegacyRunOptions = {},
): Promise<LegacyRunReport> {
  // Rows come in id order, owners interleaved: remember recent owners' keys instead of a key read per row.
  const keys = new Map<number, Buffer>();
  const dataKeyOf = async (userId: number) => {
    let dek = keys.get(userId);
    if (!dek) {
      dek = await getOrCreateUserDataKey(deps.database.db, deps.keyring, userId);
      if (keys.size >= 1000) keys.clear();
      keys.set(userId, dek);
    }
    return dek;
  };
  const report = await encryptLegacyRows(deps.database.db, ENCRYPTED_TABLES, { dataKeyOf, logger: deps.logger }, opts);
  if (report.encrypted > 0 || report.failed > 0) {
    deps.logger.info({ event: "legacy_fields_encrypted", ...report }, "plain-text sensitive fields encrypted");
  }
  return report;
}
