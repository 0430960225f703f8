import { COUNT_KEYS, type RestoreCounts } from "@shared/backup-format";
import type { Tx } from "../../db";
import type { AppDeps } from "../../deps";
import { encryptSensitive } from "../../lib/crypto/field-secrets";
import { restoreEstateDistribution } from "../estate-distribution/estate-distribution.service";
import { restoreTrustedParties } from "../trusted-parties/trusted-parties.service";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";
import { writeRestoredExecutions } from "../wills/execution-restore";
import { WILL_SECRETS } from "../wills/will-secrets";
import { archiveWillsForNewVersion } from "../wills/wills.service";
import type { StagedRestoreFile } from "./import-files";
import type { PlannedFile, RestorePlan } from "./import-plan";
import * as q from "./import.queries";

type WriteDeps = Pick<AppDeps, "keyring">;

/** Old beneficiary ids → the new rows' ids; an unassigned record stays unassigned. */
type Relink = (oldId: number | null) => number | null;

async function writeBeneficiaries(tx: Tx, userId: number, plan: RestorePlan): Promise<Relink> {
  const ids = await q.nextRowIds(tx, "beneficiaries", plan.beneficiaries.length);
  const byOldId = new Map(plan.beneficiaries.map((b, i) => [b.oldId, ids[i]]));
  // Pending, with no link: a backup cannot vouch for an address; the owner sends the verification from the list.
  await q.insertBeneficiaryRows(
    tx,
    plan.beneficiaries.map((b, i) => ({ ...b.values, id: ids[i], userId, status: "pending" })),
  );
  return (oldId) => (oldId === null ? null : (byOldId.get(oldId) ?? null));
}

/**
 * Imported versions follow the account's own, in their order; the newest imported one becomes the active will.
 * Title and content are encrypted under this user's key, the AAD naming the new rows.
 */
async function writeWills(tx: Tx, deps: WriteDeps, userId: number, plan: RestorePlan, now: Date) {
  const newIds = new Map<number, number>();
  if (plan.wills.length === 0) return newIds;
  const first = await archiveWillsForNewVersion(tx, userId, now);
  const ids = await q.nextRowIds(tx, "digital_wills", plan.wills.length);
  const dek = await getOrCreateUserDataKey(tx, deps.keyring, userId);
  const last = plan.wills.length - 1;
  await q.insertWillRows(
    tx,
    plan.wills.map((w, i) => {
      const { title, content, encVersion } = encryptSensitive(WILL_SECRETS, dek, { userId, rowId: ids[i] }, w);
      return {
        ...w,
        ...({ title, content, encVersion } as { title: string; content: string; encVersion: number }),
        id: ids[i],
        userId,
        version: first + i,
        isActive: i === last,
      };
    }),
  );
  plan.wills.forEach((w, i) => newIds.set(w.oldId, ids[i]));
  return newIds;
}

async function writeTypedAssets(tx: Tx, deps: WriteDeps, userId: number, plan: RestorePlan, relink: Relink) {
  const hasRows = plan.typed.some((t) => t.rows.length > 0);
  const dek = hasRows ? await getOrCreateUserDataKey(tx, deps.keyring, userId) : undefined;
  for (const { kind, rows } of plan.typed) {
    if (!dek || rows.length === 0) continue;
    const ids = await q.nextRowIds(tx, kind.tableName, rows.length);
    const values = rows.map((row, i) => ({
      // re-encrypted under this user's key, the AAD naming the new row
      ...encryptSensitive(kind, dek, { userId, rowId: ids[i] }, row.values),
      id: ids[i],
      userId,
      assignedToBeneficiary: relink(row.oldAssignee),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    }));
    await q.insertTypedRows(tx, kind.table, values);
  }
}

/**
 * A restore's files as `pending` rows pointing at their final blob keys, before the blobs move there (as uploads do):
 * invisible to every screen and count, but holding their plan slots and reserved bytes, and found by the sweeper if
 * the process dies before the restore commits. Dated now (the sweeper's window starts here, not at the backup's
 * dates) and unassigned (the beneficiaries do not exist yet). Answers the row ids, in the order of `files`.
 */
export async function insertPendingFiles(tx: Tx, userId: number, files: StagedRestoreFile[]): Promise<number[]> {
  const ids = await q.nextRowIds(tx, "digital_assets", files.length);
  await q.insertFileRows(
    tx,
    files.map((s, i) => ({
      id: ids[i],
      userId,
      fileName: s.storedName,
      originalFileName: s.file.originalFileName,
      fileSize: s.file.fileSize,
      storedSize: s.storedSize,
      mimeType: s.mimeType,
      category: s.file.category,
      description: s.file.description,
      filePath: s.finalKey,
      sha256: s.sha256,
      kid: s.kid,
      assignedToBeneficiary: null,
      status: "pending",
    })),
  );
  return ids;
}

/** A restored file whose pending row (`rowId`) the restore's last transaction commits. */
export type PendingFile = { rowId: number; file: PlannedFile };

/**
 * Inserts every record of a restore into the signed-in account, inside the caller's transaction: new ids, beneficiary
 * references re-linked, wills appended and encrypted, typed assets re-encrypted; and the restore's pending file rows (their blobs
 * already in place) committed, re-linked and dated as in the backup. So every record and file of the backup becomes
 * visible in this one commit, or none. Answers what was created.
 */
export async function writeRestore(
  tx: Tx,
  deps: WriteDeps,
  input: { userId: number; plan: RestorePlan; files: PendingFile[]; now: Date },
): Promise<RestoreCounts> {
  const { userId, plan, files } = input;
  const relink = await writeBeneficiaries(tx, userId, plan);
  const willIds = await writeWills(tx, deps, userId, plan, input.now);
  await writeTypedAssets(tx, deps, userId, plan, relink);
  await restoreTrustedParties(tx, deps.keyring, { userId, parties: plan.trustedParties });
  if (plan.estateDistribution) {
    await restoreEstateDistribution(tx, { userId, fields: plan.estateDistribution, now: input.now });
  }
  const commits = files.map((f) => ({
    id: f.rowId,
    assignee: relink(f.file.oldAssignee),
    createdAt: f.file.createdAt,
  }));
  if ((await q.commitFileRows(tx, userId, commits)) !== files.length) {
    // Only the sweeper removes pending rows, and only once their restore stopped renewing its lease: never commit
    // records whose files are gone.
    throw new Error("pending file rows of this restore disappeared before its commit");
  }
  // A JSON backup carries no file content: its records keep their details, the scan link is dropped.
  const fileIds = new Map(files.map((f) => [f.file.oldId, f.rowId]));
  await writeRestoredExecutions(
    tx,
    deps,
    userId,
    plan.executions.map((e) => ({
      ...e,
      willId: willIds.get(e.oldWillId)!,
      scanAssetId: e.oldScanFileId === null ? null : (fileIds.get(e.oldScanFileId) ?? null),
    })),
  );
  const counts: RestoreCounts = {
    beneficiaries: plan.beneficiaries.length,
    wills: plan.wills.length,
    files: files.length,
    onlineAccounts: 0,
    intellectualProperty: 0,
    financialAssets: 0,
    physicalAssets: 0,
    digitalContent: 0,
    personalDocuments: 0,
    trustedParties: plan.trustedParties.length,
  };
  for (const { kind, rows } of plan.typed) counts[COUNT_KEYS[kind.kind]] = rows.length;
  return counts;
}
