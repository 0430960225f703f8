import { sql } from "drizzle-orm";
import type { ExecutionStatus, User } from "@shared/schema";
import {
  BACKUP_APP,
  BACKUP_FORMAT_VERSION,
  backupSchema,
  type BackupDocument,
  type ExportFormat,
  type ExportHistory,
} from "@shared/backup-format";
import { TYPED_ASSET_FIELDS, type TypedAssetKind } from "@shared/asset-types";
import { runInTransaction, type Tx } from "../../db";
import type { AppDeps } from "../../deps";
import { presentUser } from "../auth/user.presenter";
import { decryptSensitive, hasSensitiveValues } from "../../lib/crypto/field-secrets";
import { KINDS } from "../typed-assets/kinds";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";
import { listExecutionRecords } from "../wills/execution.service";
import { decryptWills, needsDataKey } from "../wills/will-secrets";
import { assignArchivePaths } from "./archive-names";
import { collectPartiesAndDistribution } from "./export-parties";
import * as q from "./export.queries";

type ExportDeps = Pick<AppDeps, "database" | "keyring" | "logger" | "clock">;

/** A file of the backup plus what the ZIP needs to read its blob; the blob key never enters the document. */
export type ExportFile = q.OwnedFile & { archivePath: string };
export type BackupSnapshot = { document: BackupDocument; files: ExportFile[] };

/**
 * The row as the backup format describes it: the kind's allow-listed fields (`TYPED_ASSET_FIELDS`, the same the API
 * answers with), dates as ISO strings. Exported for its test.
 */
export function toRecord(kind: TypedAssetKind, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of TYPED_ASSET_FIELDS[kind]) {
    if (!(key in row)) continue;
    const value = row[key];
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** The fields the backup format names, and no others: a column added to users later stays out until the format has it. */
const PROFILE_FIELDS = Object.keys(backupSchema.shape.profile.shape) as (keyof BackupDocument["profile"])[];

function profileOf(user: User): BackupDocument["profile"] {
  const presented: Record<string, unknown> = presentUser(user);
  return Object.fromEntries(PROFILE_FIELDS.map((key) => [key, presented[key]])) as BackupDocument["profile"];
}

async function readTypedAssets(deps: ExportDeps, tx: Tx, userId: number) {
  const out: Partial<Record<TypedAssetKind, Record<string, unknown>[]>> = {};
  let dek: Buffer | undefined;
  for (const kind of KINDS) {
    const rows = await q.listOwnedTypedRows(tx, kind.table, userId);
    if (!dek && hasSensitiveValues(kind, rows)) dek = await getOrCreateUserDataKey(tx, deps.keyring, userId);
    out[kind.kind] = rows.map((row) => toRecord(kind.kind, decryptSensitive(kind, dek, userId, row, deps.logger)));
  }
  return out as unknown as Omit<BackupDocument["assets"], "files">;
}

/**
 * Everything the user owns, as one consistent snapshot (a repeatable-read transaction, so a save in between cannot
 * leave an asset pointing at a beneficiary the backup lacks): profile without ids or secrets, beneficiaries, every
 * will version decrypted, file details with their ZIP paths, and every typed asset with its sensitive fields
 * decrypted — the owner's own copy. A value that fails to decrypt fails the whole export (generic 500 + security log).
 */
export async function collectBackup(deps: ExportDeps, user: User): Promise<BackupSnapshot> {
  return runInTransaction(deps.database.db, async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const beneficiaries = await q.listOwnedBeneficiaries(tx, user.id);
    const stored = await q.listOwnedWills(tx, user.id);
    const dek = needsDataKey(stored) ? await getOrCreateUserDataKey(tx, deps.keyring, user.id) : undefined;
    const wills = decryptWills(dek, user.id, stored, deps.logger);
    const executions = await listExecutionRecords(deps, tx, user.id);
    const rows = await q.listOwnedFiles(tx, user.id);
    const typed = await readTypedAssets(deps, tx, user.id);
    const partiesAndDistribution = await collectPartiesAndDistribution(tx, deps.keyring, user.id);
    const paths = assignArchivePaths(rows);
    const files = rows.map((row, i) => ({ ...row, archivePath: paths[i] }));
    const document: BackupDocument = {
      formatVersion: BACKUP_FORMAT_VERSION,
      exportedAt: deps.clock.now().toISOString(),
      app: BACKUP_APP,
      profile: profileOf(user),
      beneficiaries: beneficiaries.map((b) => ({
        id: b.id,
        firstName: b.firstName,
        lastName: b.lastName,
        email: b.email,
        relationship: b.relationship as BackupDocument["beneficiaries"][number]["relationship"],
        status: b.status === "verified" ? "verified" : "pending",
        createdAt: b.createdAt.toISOString(),
        updatedAt: b.updatedAt.toISOString(),
      })),
      wills: wills.map((w) => ({
        id: w.id,
        title: w.title,
        content: w.content,
        version: w.version,
        isActive: w.isActive,
        createdAt: w.createdAt.toISOString(),
        updatedAt: w.updatedAt.toISOString(),
      })),
      willExecutions: executions.map((e) => ({
        willId: e.willId,
        status: e.status as ExecutionStatus,
        testatorName: e.testatorName,
        testatorAddress: e.testatorAddress,
        place: e.place,
        signedOn: e.signedOn,
        originalLocation: e.originalLocation || null,
        witnesses: e.witnesses,
        scanFileId: e.scanAssetId,
        executedAt: e.executedAt?.toISOString() ?? null,
        createdAt: e.createdAt.toISOString(),
        updatedAt: e.updatedAt.toISOString(),
      })),
      assets: {
        files: files.map((f) => ({
          id: f.id,
          originalFileName: f.originalFileName,
          mimeType: f.mimeType,
          fileSize: f.fileSize,
          category: f.category as BackupDocument["assets"]["files"][number]["category"],
          description: f.description,
          assignedToBeneficiary: f.assignedToBeneficiary,
          sha256: f.sha256,
          archivePath: f.archivePath,
          createdAt: f.createdAt.toISOString(),
        })),
        ...typed,
      },
      ...partiesAndDistribution,
    };
    return { document, files };
  });
}

/** Records a finished export (shown as "Last backup"). */
export async function recordExport(deps: Pick<AppDeps, "database" | "clock">, userId: number, format: ExportFormat) {
  await q.insertExportRecord(deps.database.db, { userId, format, createdAt: deps.clock.now() });
}

/** The newest export and how many there were; `isRunning` comes from the route's per-user lock. */
export async function getExportHistory(
  deps: Pick<AppDeps, "database">,
  userId: number,
  isRunning: boolean,
): Promise<ExportHistory> {
  const { last, count } = await q.findExportHistory(deps.database.db, userId);
  return {
    lastBackup: last ? { format: last.format as ExportFormat, createdAt: last.createdAt.toISOString() } : null,
    count,
    isRunning,
  };
}
