import { runInTransaction, type Tx } from "../../db";
import { ownerCountsOf } from "../../db/owner-counts";
import type { AppDeps } from "../../deps";
import { notFound } from "../../lib/app-error";
import { assertIpAssetsWithinPlan, lockUserLimits } from "../../lib/plan-limits";
import { foreignBeneficiary, requireAccess } from "../../lib/access";
import { decryptSensitive, encryptSensitive, hasSensitiveValues } from "../../lib/crypto/field-secrets";
import { upgradeOwnedRow } from "../../lib/crypto/legacy-rows";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";
import type { KindConfig } from "./kinds";
import {
  deleteOwnedRow,
  getOwnedRow,
  insertRow,
  listOwnedRows,
  nextRowId,
  updateOwnedRow,
  type TypedRow,
} from "./typed-assets.queries";

/** A stored row of any typed-asset kind (other features read rows through this feature's services). */
export type { TypedRow };

type TypedDeps = Pick<AppDeps, "database" | "keyring" | "logger" | "clock">;

/** Column values of one kind, validated by the route (parseCreateBody / parseUpdateBody). */
export type TypedValues = Record<string, unknown>;
export type ListTypedAssetsOptions = { userId: number; kind: KindConfig; limit: number; offset: number };
export type GetTypedAssetOptions = { userId: number; kind: KindConfig; id: number };
export type CreateTypedAssetOptions = { userId: number; kind: KindConfig; values: TypedValues };
export type UpdateTypedAssetOptions = { userId: number; kind: KindConfig; id: number; values: TypedValues };
export type DeleteTypedAssetOptions = { userId: number; kind: KindConfig; id: number };

/** Each kind's field in owner_counts (kept by triggers), which gives the lists their X-Total-Count. */
const COUNT_KEYS = {
  intellectual_property: "intellectualProperty",
  financial_assets: "financialAssets",
  physical_assets: "physicalAssets",
  digital_content: "digitalContent",
  personal_documents: "personalDocuments",
  online_accounts: "onlineAccounts",
} as const satisfies Record<KindConfig["kind"], string>;

/** The stored row as the owner sees it: sensitive columns replaced by the plaintext just written. */
function withPlaintext(kind: KindConfig, row: TypedRow, values: Record<string, unknown>): TypedRow {
  const out: TypedRow = { ...row };
  for (const column of kind.sensitive) if (column in values) out[column] = values[column];
  return out;
}

/** The user's data key, only for kinds that have sensitive columns (no key is created for the others). */
function dataKeyFor(tx: Tx, deps: TypedDeps, kind: KindConfig, userId: number): Promise<Buffer | undefined> {
  return kind.sensitive.length > 0 ? getOrCreateUserDataKey(tx, deps.keyring, userId) : Promise.resolve(undefined);
}

/** The beneficiary a create or update body names (none: nothing to check). */
const assigneeOf = (values: Record<string, unknown>) => [values.assignedToBeneficiary as number | null | undefined];

/** Freemium counts IP records against the plan; the check runs under the user-row lock (RACE-safe). */
async function assertCreateAllowed(tx: Tx, kind: KindConfig, userId: number, values: Record<string, unknown>) {
  if (kind.kind === "intellectual_property") {
    const user = await lockUserLimits(tx, userId);
    await assertIpAssetsWithinPlan(tx, userId, user.plan, 1);
  }
  await requireAccess(tx, { userId }, "beneficiary:reference", assigneeOf(values), foreignBeneficiary);
}

/** One page of the owner's rows of one kind, newest first, decrypted; a row that fails to decrypt fails the call. */
export async function listTypedAssets(deps: TypedDeps, options: ListTypedAssetsOptions) {
  const { kind, ...params } = options;
  const db = deps.database.db;
  const rows = await listOwnedRows(db, kind.table, params);
  const total = (await ownerCountsOf(db, params.userId))?.[COUNT_KEYS[kind.kind]] ?? 0;
  const dek = hasSensitiveValues(kind, rows)
    ? await getOrCreateUserDataKey(db, deps.keyring, params.userId)
    : undefined;
  return { items: rows.map((row) => decryptSensitive(kind, dek, params.userId, row, deps.logger)), total };
}

/** One of the owner's rows, decrypted; 404 when the id is missing or someone else's. */
export async function getTypedAsset(deps: TypedDeps, options: GetTypedAssetOptions) {
  const { kind, ...params } = options;
  const db = deps.database.db;
  const row = await getOwnedRow(db, kind.table, params);
  if (!row) throw notFound();
  const dek = hasSensitiveValues(kind, [row])
    ? await getOrCreateUserDataKey(db, deps.keyring, params.userId)
    : undefined;
  return decryptSensitive(kind, dek, params.userId, row, deps.logger);
}

/**
 * Creates a typed asset from the add dialog's validated values. The id is drawn first, inside the transaction,
 * because each sensitive value's AAD names its row.
 */
export async function createTypedAsset(deps: TypedDeps, options: CreateTypedAssetOptions) {
  const { kind, userId, values } = options;
  const row = await runInTransaction(deps.database.db, async (tx) => {
    await assertCreateAllowed(tx, kind, userId, values);
    const id = await nextRowId(tx, kind.tableName);
    const dek = await dataKeyFor(tx, deps, kind, userId);
    return insertRow(tx, kind.table, { ...encryptSensitive(kind, dek, { userId, rowId: id }, values), id, userId });
  });
  return withPlaintext(kind, row, values);
}

/**
 * Partial update of the owner's row: only the fields sent change, under the same rules as a create; optional
 * fields sent empty are cleared. 404 when the id is missing or someone else's.
 */
export async function updateTypedAsset(deps: TypedDeps, options: UpdateTypedAssetOptions) {
  const { kind, userId, id, values } = options;
  const row = await runInTransaction(deps.database.db, async (tx) => {
    await requireAccess(tx, { userId }, "beneficiary:reference", assigneeOf(values), foreignBeneficiary);
    const dek = await dataKeyFor(tx, deps, kind, userId);
    // A row still holding plain-text fields from before they were sensitive is encrypted whole first: the edit
    // marks the row current, and that marker covers the fields not sent too.
    if (dek) await upgradeOwnedRow(tx, { table: kind.table, secrets: kind }, dek, { userId, id });
    const encrypted = encryptSensitive(kind, dek, { userId, rowId: id }, values);
    const updated = await updateOwnedRow(tx, kind.table, { userId, id }, { ...encrypted, updatedAt: deps.clock.now() });
    if (!updated) throw notFound();
    // Columns not sent are still the stored ciphertext: decrypt the whole row for the answer.
    return decryptSensitive(kind, dek, userId, updated, deps.logger);
  });
  return row;
}

/** Deletes the owner's row; 404 when the id is missing or someone else's. */
export async function deleteTypedAsset(deps: TypedDeps, options: DeleteTypedAssetOptions) {
  const { kind, userId, id } = options;
  if (!(await deleteOwnedRow(deps.database.db, kind.table, { userId, id }))) throw notFound();
}
