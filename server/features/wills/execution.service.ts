import type { WillExecutionDto } from "@shared/api-types";
import type { DigitalWill, WillExecution } from "@shared/schema";
import { originalLocationSchema, type SaveExecutionInput } from "@shared/validators/will-executions";
import { executionWarnings } from "@shared/will-execution-warnings";
import { runInTransaction, type DbOrTx } from "../../db";
import { conflict, notFound } from "../../lib/app-error";
import { lockUser } from "../../lib/plan-limits";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";
import { openExecution, sealExecution, type ExecutionRecord } from "./execution-secrets";
import { presentExecution } from "./execution.presenter";
import * as q from "./execution.queries";
import { decryptWills, needsDataKey } from "./will-secrets";
import { findWill } from "./wills.queries";
import type { WillDeps } from "./wills.service";

export type ExecutionTarget = { userId: number; willId: number };
export type SaveExecutionOptions = ExecutionTarget & { input: SaveExecutionInput };
/** `body` is parsed with originalLocationSchema once the record is found: a foreign id is a 404 whatever it says. */
export type UpdateLocationOptions = ExecutionTarget & { body: unknown };

export const EXECUTION_MESSAGES_409 = {
  executed: "This version has been signed and recorded; its execution record can no longer change.",
  notDraft: "Only a draft execution record can be marked ready to sign.",
  notCurrent: "Only the current version of your will can be prepared for signing.",
  notReady: "Mark the execution record ready to sign before uploading the signed pages.",
  moved: "The execution record changed at the same time. Please reload and try again.",
} as const;

/** The owner's will version (404 for another user's id or a missing one) and its record, decrypted. */
export async function loadExecution(
  deps: WillDeps,
  db: DbOrTx,
  target: ExecutionTarget,
): Promise<{ will: DigitalWill; execution: ExecutionRecord | null }> {
  const stored = await findWill(db, { userId: target.userId, id: target.willId });
  if (!stored) throw notFound();
  const row = await q.findExecution(db, target);
  const dek = row || needsDataKey([stored]) ? await getOrCreateUserDataKey(db, deps.keyring, target.userId) : undefined;
  const [will] = decryptWills(dek, target.userId, [stored], deps.logger);
  return { will, execution: row && dek ? openExecution(dek, row, deps.logger) : null };
}

/** The record as the API answers it, with its scan's details and the warnings of the moment. */
export async function describeExecution(
  deps: WillDeps,
  db: DbOrTx,
  execution: ExecutionRecord,
  version: number,
): Promise<WillExecutionDto> {
  const scan = execution.scanAssetId ? await q.findScanFile(db, execution.userId, execution.scanAssetId) : undefined;
  const warnings = executionWarnings(execution, await q.beneficiariesForWarnings(db, execution.userId));
  return presentExecution(execution, version, scan ?? null, warnings);
}

/** GET: the version's record, or null when none was started. */
export async function getExecution(deps: WillDeps, target: ExecutionTarget): Promise<WillExecutionDto | null> {
  const db = deps.database.db;
  const { will, execution } = await loadExecution(deps, db, target);
  return execution ? describeExecution(deps, db, execution, will.version) : null;
}

/** The owner's one executed will, or null. */
export async function getCurrentExecution(deps: WillDeps, userId: number): Promise<WillExecutionDto | null> {
  const db = deps.database.db;
  const current = await q.findCurrentExecution(db, userId);
  if (!current) return null;
  const dek = await getOrCreateUserDataKey(db, deps.keyring, userId);
  return describeExecution(deps, db, openExecution(dek, current.execution, deps.logger), current.version);
}

/**
 * Creates or rewrites the version's record as a draft. A ready record edited goes back to draft (what was printed
 * no longer matches); an executed or superseded one is refused. The update is conditional on the status read, so
 * a scan uploaded at the same moment wins and this save answers 409.
 */
export async function saveExecution(deps: WillDeps, opts: SaveExecutionOptions): Promise<WillExecutionDto> {
  const { userId, willId, input } = opts;
  const now = deps.clock.now();
  const fields = {
    testatorName: input.testatorName,
    testatorAddress: input.testatorAddress,
    place: input.place,
    originalLocation: input.originalLocation ?? "",
    witnesses: input.witnesses,
  };
  return runInTransaction(deps.database.db, async (tx) => {
    if (!(await lockUser(tx, userId))) throw notFound();
    const will = await findWill(tx, { userId, id: willId });
    if (!will) throw notFound();
    const existing = await q.findExecution(tx, { userId, willId });
    const dek = await getOrCreateUserDataKey(tx, deps.keyring, userId);
    let row: WillExecution | undefined;
    if (!existing) {
      if (!will.isActive) throw conflict(EXECUTION_MESSAGES_409.notCurrent);
      const id = await q.nextExecutionId(tx);
      const sealed = sealExecution(dek, { userId, rowId: id }, fields);
      row = await q.insertExecution(tx, {
        ...sealed,
        id,
        userId,
        willId,
        status: "draft",
        signedOn: input.signedOn ?? null,
        createdAt: now,
        updatedAt: now,
      });
    } else {
      if (existing.status !== "draft" && existing.status !== "ready") throw conflict(EXECUTION_MESSAGES_409.executed);
      const sealed = sealExecution(dek, { userId, rowId: existing.id }, fields);
      row = await q.updateOpenExecution(
        tx,
        { userId, willId, expected: existing.status },
        { ...sealed, status: "draft", signedOn: input.signedOn ?? null, updatedAt: now },
      );
      if (!row) throw conflict(EXECUTION_MESSAGES_409.moved);
    }
    return describeExecution(deps, tx, openExecution(dek, row, deps.logger), will.version);
  });
}

/** draft → ready, conditional on the status: the record as printed for signing. */
export async function markExecutionReady(deps: WillDeps, target: ExecutionTarget): Promise<WillExecutionDto> {
  const now = deps.clock.now();
  return runInTransaction(deps.database.db, async (tx) => {
    const { will, execution } = await loadExecution(deps, tx, target);
    if (!execution) throw notFound();
    if (!will.isActive) throw conflict(EXECUTION_MESSAGES_409.notCurrent);
    const row = await q.updateOpenExecution(tx, { ...target, expected: "draft" }, { status: "ready", updatedAt: now });
    if (!row) throw conflict(EXECUTION_MESSAGES_409.notDraft);
    return describeExecution(deps, tx, { ...execution, status: row.status, updatedAt: now }, will.version);
  });
}

/** Where the signed original is kept: the owner may record it at any status. */
export async function updateOriginalLocation(deps: WillDeps, opts: UpdateLocationOptions): Promise<WillExecutionDto> {
  const { userId, willId } = opts;
  const now = deps.clock.now();
  return runInTransaction(deps.database.db, async (tx) => {
    const { will, execution } = await loadExecution(deps, tx, { userId, willId });
    if (!execution) throw notFound();
    const input = originalLocationSchema.parse(opts.body ?? {});
    const dek = await getOrCreateUserDataKey(tx, deps.keyring, userId);
    const sealed = sealExecution(dek, { userId, rowId: execution.id }, { ...execution, ...input });
    const row = await q.updateOpenExecution(
      tx,
      { userId, willId, expected: execution.status },
      { originalLocation: sealed.originalLocation, updatedAt: now },
    );
    if (!row) throw conflict(EXECUTION_MESSAGES_409.moved);
    return describeExecution(deps, tx, { ...execution, ...input, updatedAt: now }, will.version);
  });
}

/**
 * Every execution record of the owner, decrypted, oldest first: for the backup export, inside its snapshot
 * transaction. A record that fails verification fails the whole export (500, logged).
 */
export async function listExecutionRecords(deps: WillDeps, db: DbOrTx, userId: number): Promise<ExecutionRecord[]> {
  const rows = await q.listExecutions(db, userId);
  if (rows.length === 0) return [];
  const dek = await getOrCreateUserDataKey(db, deps.keyring, userId);
  return rows.reverse().map((row) => openExecution(dek, row, deps.logger));
}
