import type { ReleasedExecutionDto } from "@shared/release-api";
import type { DbOrTx } from "../../db";
import type { AppDeps } from "../../deps";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";
import { openExecution } from "./execution-secrets";
import { executionsByScan } from "./execution.queries";

/**
 * The execution records whose scan is among the files a release holds (issue 20): a beneficiary who receives the
 * signed pages also learns how, where and before whom they were signed, and where the original is kept. The record
 * travels with its scan only, so the owner decides by releasing the scan (or not). E-mails and spouses stay out.
 */
export async function releasedExecutions(
  deps: Pick<AppDeps, "keyring" | "logger">,
  db: DbOrTx,
  ownerId: number,
  fileIds: number[],
): Promise<ReleasedExecutionDto[]> {
  const rows = await executionsByScan(db, ownerId, fileIds);
  if (rows.length === 0) return [];
  const dek = await getOrCreateUserDataKey(db, deps.keyring, ownerId);
  return rows.map(({ execution, version }) => {
    const e = openExecution(dek, execution, deps.logger);
    return {
      scanFileId: e.scanAssetId!,
      version,
      status: e.status === "executed" ? "executed" : "superseded",
      testatorName: e.testatorName,
      place: e.place,
      signedOn: e.signedOn,
      executedAt: e.executedAt?.toISOString() ?? null,
      originalLocation: e.originalLocation || null,
      witnesses: e.witnesses.map((w) => ({ fullName: w.fullName, address: w.address, occupation: w.occupation })),
    };
  });
}
