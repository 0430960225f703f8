import type { WillExecution } from "@shared/schema";
import type { Witness } from "@shared/validators/will-executions";
import type { Logger } from "pino";
import { decryptSensitive, encryptSensitive, type SecretColumns } from "../../lib/crypto/field-secrets";

/** Names, addresses, the place and where the original is kept: ciphertext under the owner's data key. */
export const EXECUTION_SECRETS: SecretColumns = {
  tableName: "will_executions",
  sensitive: ["testatorName", "testatorAddress", "witnesses", "place", "originalLocation"],
  currentVersion: 1,
  earlier: {},
};

/** A record as its owner wrote it: the columns decrypted and the witnesses list parsed. */
export type ExecutionRecord = Omit<WillExecution, "witnesses"> & { witnesses: Witness[] };

export type ExecutionFields = {
  testatorName: string;
  testatorAddress: string;
  place: string;
  originalLocation: string;
  witnesses: Witness[];
};

/** The sensitive fields sealed for their row and owner; the witnesses list is encrypted as one JSON value. */
export function sealExecution(dek: Buffer, owner: { userId: number; rowId: number }, fields: ExecutionFields) {
  const sealed = encryptSensitive(EXECUTION_SECRETS, dek, owner, {
    ...fields,
    witnesses: JSON.stringify(fields.witnesses),
  });
  return sealed as Pick<WillExecution, keyof ExecutionFields | "encVersion">;
}

/** One that fails verification fails the whole call (500, logged without the value). */
export function openExecution(dek: Buffer, row: WillExecution, logger: Logger): ExecutionRecord {
  const plain = decryptSensitive(EXECUTION_SECRETS, dek, row.userId, row, logger);
  return { ...plain, witnesses: JSON.parse(plain.witnesses) as Witness[] };
}
