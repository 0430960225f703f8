import type { ExecutionStatus } from "@shared/schema";
import type { SaveExecutionInput } from "@shared/validators/will-executions";
import type { Tx } from "../../db";
import type { AppDeps } from "../../deps";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";
import { sealExecution } from "./execution-secrets";
import * as q from "./execution.queries";

/** A restored record, its will and scan already re-linked to the new rows. */
export type RestoredExecution = {
  willId: number;
  scanAssetId: number | null;
  status: ExecutionStatus;
  fields: SaveExecutionInput;
  executedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * Writes a restore's execution records inside its transaction (the caller holds the user's restore lease), encrypted
 * under this user's key for the new rows. The account keeps one executed will: when it already has one, a restored
 * executed record arrives superseded (the account's own signed will stays the current one).
 */
export async function writeRestoredExecutions(
  tx: Tx,
  deps: Pick<AppDeps, "keyring">,
  userId: number,
  records: RestoredExecution[],
): Promise<void> {
  if (records.length === 0) return;
  const hasExecuted = (await q.findCurrentExecution(tx, userId)) !== undefined;
  const dek = await getOrCreateUserDataKey(tx, deps.keyring, userId);
  for (const r of records) {
    const id = await q.nextExecutionId(tx);
    const { fields } = r;
    const sealed = sealExecution(
      dek,
      { userId, rowId: id },
      {
        testatorName: fields.testatorName,
        testatorAddress: fields.testatorAddress,
        place: fields.place,
        originalLocation: fields.originalLocation ?? "",
        witnesses: fields.witnesses,
      },
    );
    await q.insertExecution(tx, {
      ...sealed,
      id,
      userId,
      willId: r.willId,
      status: r.status === "executed" && hasExecuted ? "superseded" : r.status,
      signedOn: fields.signedOn ?? null,
      scanAssetId: r.scanAssetId,
      executedAt: r.executedAt,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    });
  }
}
