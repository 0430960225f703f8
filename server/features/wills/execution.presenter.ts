import type { WillExecutionDto } from "@shared/api-types";
import type { ExecutionStatus } from "@shared/schema";
import type { ExecutionWarning } from "@shared/will-execution-warnings";
import type { ExecutionRecord } from "./execution-secrets";

export type ScanInfo = { fileName: string; mimeType: string; fileSize: number } | null;

/** The contract's execution object: an explicit field list; ids of files and owners stay on the server. */
export function presentExecution(
  e: ExecutionRecord,
  version: number,
  scan: ScanInfo,
  warnings: ExecutionWarning[],
): WillExecutionDto {
  return {
    id: e.willId,
    willId: e.willId,
    version,
    status: e.status as ExecutionStatus,
    testatorName: e.testatorName,
    testatorAddress: e.testatorAddress,
    place: e.place,
    signedOn: e.signedOn,
    originalLocation: e.originalLocation || null,
    witnesses: e.witnesses.map((w) => ({
      fullName: w.fullName,
      address: w.address,
      occupation: w.occupation,
      ...(w.email ? { email: w.email } : {}),
      ...(w.spouseName ? { spouseName: w.spouseName } : {}),
    })),
    scan,
    executedAt: e.executedAt?.toISOString() ?? null,
    updatedAt: e.updatedAt.toISOString(),
    warnings,
  };
}
