import { and, asc, eq, getTableColumns, gt, inArray, isNull, lt, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import type { Db, DbOrTx, Tx } from "../../db";
import { DecryptionError } from "./errors";
import { isEncryptedField } from "./field-crypto";
import { decryptValue, encryptValue, plainSensitiveColumnsOf, type SecretColumns } from "./field-secrets";

/** A table with sensitive columns and the `id`, `userId` and `encVersion` columns the upgrade needs. */
export type EncryptedTable = { table: PgTable; secrets: SecretColumns };
type LegacyRow = Record<string, unknown> & { id: number; userId: number; encVersion: number };

export type LegacyRunOptions = {
  batchSize?: number;
  /** Stops the run between two rows (shutdown); what is done stays done, the next run resumes. */
  signal?: AbortSignal;
  /** Called after each row (tests stop a run here to stand for a process killed halfway). */
  afterRow?: (tableName: string, rowId: number) => void | Promise<void>;
};
/** `encrypted`: rows brought to their table's current version; `failed`: rows left as they were (logged). */
export type LegacyRunReport = { encrypted: number; failed: number };

function columnOf(t: EncryptedTable, key: string): PgColumn {
  const column = (getTableColumns(t.table) as Record<string, PgColumn | undefined>)[key];
  if (!column) throw new Error(`${t.secrets.tableName} has no column ${key}`);
  return column;
}

/**
 * True only for a value that verifies as this very row's and column's ciphertext under the owner's key: the row was
 * marked old by mistake, and encrypting it again would hide the text behind two layers. A value that merely looks
 * like ciphertext ("v1.a.b.c" typed by a person, or a value copied from another row) fails verification and is the
 * text it seems to be. A person cannot type a value that verifies without the key (a 128-bit tag).
 */
function isOwnCiphertext(secrets: SecretColumns, dek: Buffer, column: string, row: LegacyRow, value: string) {
  if (!isEncryptedField(value)) return false;
  try {
    decryptValue(secrets, dek, column, { userId: row.userId, rowId: row.id }, value);
    return true;
  } catch (err) {
    if (err instanceof DecryptionError) return false;
    throw err;
  }
}

/** What to SET on a row read at an older version: its plain sensitive values encrypted, the version raised. */
function upgradeValues(secrets: SecretColumns, dek: Buffer, row: LegacyRow): Record<string, unknown> {
  const out: Record<string, unknown> = { encVersion: secrets.currentVersion };
  for (const column of plainSensitiveColumnsOf(secrets, row.encVersion)) {
    const value = row[column];
    if (typeof value !== "string" || isOwnCiphertext(secrets, dek, column, row, value)) continue;
    out[column] = encryptValue(secrets, dek, column, { userId: row.userId, rowId: row.id }, value);
  }
  return out;
}

/**
 * Writes the upgrade only if the row is still exactly as it was read: same owner, same version, same plain values.
 * An edit or another run that got there first wins, and this write changes nothing (safe beside live traffic and
 * beside a second server running the same migration).
 */
async function writeUpgrade(db: DbOrTx, t: EncryptedTable, row: LegacyRow, values: Record<string, unknown>) {
  const where: SQL[] = [
    eq(columnOf(t, "id"), row.id),
    eq(columnOf(t, "userId"), row.userId),
    eq(columnOf(t, "encVersion"), row.encVersion),
  ];
  for (const key of plainSensitiveColumnsOf(t.secrets, row.encVersion)) {
    const value = row[key];
    where.push(value === null || value === undefined ? isNull(columnOf(t, key)) : eq(columnOf(t, key), value));
  }
  const changed = await db
    .update(t.table)
    .set(values)
    .where(and(...where))
    .returning({ id: columnOf(t, "id") });
  return changed.length === 1;
}

/**
 * Brings one owned row to the current version inside the transaction that is about to edit it, so an edit never
 * writes current-version ciphertext beside values still in plain text under an old version marker. The row is
 * locked first; a row already current is left alone (one indexed read).
 */
export async function upgradeOwnedRow(tx: Tx, t: EncryptedTable, dek: Buffer, owned: { userId: number; id: number }) {
  const [row] = await tx
    .select()
    .from(t.table)
    .where(
      and(
        eq(columnOf(t, "id"), owned.id),
        eq(columnOf(t, "userId"), owned.userId),
        lt(columnOf(t, "encVersion"), t.secrets.currentVersion),
      ),
    )
    .for("update");
  if (row) await writeUpgrade(tx, t, row as LegacyRow, upgradeValues(t.secrets, dek, row as LegacyRow));
}

/**
 * Marks current, in batches of one statement, the rows of an older version whose plain sensitive columns are all
 * empty: nothing to encrypt, so no per-row work (most notes are left blank). Atomic per row like the per-row path.
 */
async function markEmptyRowsCurrent(db: Db, t: EncryptedTable, signal: AbortSignal | undefined): Promise<number> {
  let marked = 0;
  for (const version of Object.keys(t.secrets.earlier).map(Number)) {
    const empty = [
      eq(columnOf(t, "encVersion"), version),
      ...plainSensitiveColumnsOf(t.secrets, version).map((key) => isNull(columnOf(t, key))),
    ];
    for (;;) {
      if (signal?.aborted) return marked;
      const batch = db
        .select({ id: columnOf(t, "id") })
        .from(t.table)
        .where(and(...empty))
        .limit(1000);
      const result = await db
        .update(t.table)
        .set({ encVersion: t.secrets.currentVersion })
        .where(and(inArray(columnOf(t, "id"), batch), ...empty));
      if (!result.rowCount) break;
      marked += result.rowCount;
    }
  }
  return marked;
}

/**
 * Encrypts every sensitive value still in plain text (rows below their table's current version), table by table in
 * id order, a batch at a time. Keys live outside the database, so this runs in the server, never in a SQL
 * migration. Resumable and idempotent: each row is one conditional UPDATE, committed whole or not at all, and rows
 * already current are never selected again. A row whose owner's key cannot be unwrapped is logged (table and id,
 * never a value), counted and skipped; any other error (the database gone) stops the run, to resume next time.
 */
export async function encryptLegacyRows(
  db: Db,
  tables: readonly EncryptedTable[],
  deps: { dataKeyOf: (userId: number) => Promise<Buffer>; logger: Logger },
  opts: LegacyRunOptions = {},
): Promise<LegacyRunReport> {
  const report: LegacyRunReport = { encrypted: 0, failed: 0 };
  for (const t of tables) {
    report.encrypted += await markEmptyRowsCurrent(db, t, opts.signal);
    let cursor = 0;
    for (;;) {
      if (opts.signal?.aborted) return report;
      const batch = (await db
        .select()
        .from(t.table)
        .where(and(lt(columnOf(t, "encVersion"), t.secrets.currentVersion), gt(columnOf(t, "id"), cursor)))
        .orderBy(asc(columnOf(t, "id")))
        .limit(opts.batchSize ?? 200)) as LegacyRow[];
      if (batch.length === 0) break;
      for (const row of batch) {
        if (opts.signal?.aborted) return report;
        cursor = row.id;
        try {
          const dek = await deps.dataKeyOf(row.userId);
          if (await writeUpgrade(db, t, row, upgradeValues(t.secrets, dek, row))) report.encrypted += 1;
        } catch (err) {
          if (!(err instanceof DecryptionError)) throw err;
          report.failed += 1;
          deps.logger.error(
            { event: "encrypt_legacy_failed", table: t.secrets.tableName, rowId: row.id, reason: err.reason },
            "a row in plain text could not be encrypted (its owner's key is unreadable, or its version unknown)",
          );
        }
        await opts.afterRow?.(t.secrets.tableName, row.id);
      }
    }
  }
  return report;
}
