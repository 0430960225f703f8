import type { z } from "zod";
import { ASSET_KINDS, MAX_FILE_BYTES, type UploadCategory } from "@shared/asset-types";
import { BACKUP_APP, BACKUP_FORMAT_VERSION, backupSchema, type BackupDocument } from "@shared/backup-format";
import { uploadFieldsSchema } from "@shared/validators/assets";
import { createBeneficiarySchema, type CreateBeneficiaryInput } from "@shared/validators/beneficiaries";
import type { EstateDistributionFields } from "@shared/validators/estate-distribution";
import { createTrustedPartySchema } from "@shared/validators/trusted-parties";
import type { ExecutionStatus } from "@shared/schema";
import { saveExecutionSchema, type SaveExecutionInput } from "@shared/validators/will-executions";
import { saveWillSchema, type SaveWillInput } from "@shared/validators/wills";
import { AppError, type FieldError } from "../../lib/app-error";
import { acceptedExtensionOf, sanitizeFileName, type AcceptedExtension } from "../../lib/files/file-names";
import type { RestoredTrustedParty } from "../trusted-parties/trusted-parties.service";
import { KINDS, type KindConfig } from "../typed-assets/kinds";
import { toColumns } from "../typed-assets/typed-assets.input";
import { hasCollidingPaths, isSafeArchivePath } from "./archive-names";

type Dated = { createdAt: Date; updatedAt: Date };
export type PlannedBeneficiary = { oldId: number; values: CreateBeneficiaryInput & Dated };
export type PlannedWill = SaveWillInput & Dated & { oldId: number };
/** An execution record; its will and scan named by their ids in the backup, re-linked when written. */
export type PlannedExecution = Dated & {
  oldWillId: number;
  oldScanFileId: number | null;
  status: ExecutionStatus;
  fields: SaveExecutionInput;
  executedAt: Date | null;
};
export type PlannedTyped = { oldAssignee: number | null; values: Record<string, unknown> } & Dated;
export type PlannedFile = {
  oldId: number;
  archivePath: string;
  originalFileName: string;
  ext: AcceptedExtension;
  category: UploadCategory;
  description: string | null;
  oldAssignee: number | null;
  sha256: string | null;
  fileSize: number;
  createdAt: Date;
};

/** What a restore would create, every record already checked by the same rules as the API's own creates. */
export type RestorePlan = {
  beneficiaries: PlannedBeneficiary[];
  wills: PlannedWill[];
  executions: PlannedExecution[];
  typed: { kind: KindConfig; rows: PlannedTyped[] }[];
  files: PlannedFile[];
  /** Recreated inactive, without invitation or linked account. */
  trustedParties: RestoredTrustedParty[];
  /** Replaces the settings in force; null leaves them as they are. */
  estateDistribution: EstateDistributionFields | null;
};

const MAX_LISTED_ERRORS = 20;

function invalid(summary: string, errors: FieldError[]): AppError {
  return new AppError(400, summary, errors.slice(0, MAX_LISTED_ERRORS));
}

function check<T>(schema: z.ZodType<T>, value: unknown, at: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((i) => ({ path: [at, ...i.path.map(String)].join("."), message: i.message }));
  throw invalid(`The backup is invalid at ${errors[0].path}: ${errors[0].message}`, errors);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * backup.json → a validated BackupDocument. Refuses, with a message a person can act on: text that is not JSON, a
 * file of another app, a format version this code does not know, and anything off the backup schema.
 */
export function parseBackupJson(text: string): BackupDocument {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    throw new AppError(400, "backup.json is not valid JSON, so this is not a backup Heirloom can restore.");
  }
  if (!isRecord(raw) || raw.app !== BACKUP_APP) throw new AppError(400, "This file is not a Heirloom backup.");
  if (raw.formatVersion !== BACKUP_FORMAT_VERSION) {
    const version = typeof raw.formatVersion === "number" ? ` ${raw.formatVersion}` : "";
    throw new AppError(400, `This backup uses format version${version}, which this version of Heirloom cannot read.`);
  }
  const parsed = backupSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
  throw invalid(`backup.json does not match the backup format (${errors[0].path}: ${errors[0].message}).`, errors);
}

function dated(record: { createdAt: string; updatedAt?: string }): Dated {
  const createdAt = new Date(record.createdAt);
  return { createdAt, updatedAt: record.updatedAt ? new Date(record.updatedAt) : createdAt };
}

function planFiles(doc: BackupDocument, assignee: (id: number | null, at: string) => number | null): PlannedFile[] {
  const files = doc.assets.files.map((file, i): PlannedFile => {
    const at = `assets.files.${i}`;
    const fields = check(uploadFieldsSchema, { category: file.category, description: file.description }, at);
    const name = sanitizeFileName(file.originalFileName);
    const ext = acceptedExtensionOf(name);
    if (!ext) throw invalid(`The backup is invalid at ${at}: "${name}" is not an accepted file type.`, []);
    if (file.fileSize > MAX_FILE_BYTES) throw invalid(`The backup is invalid at ${at}: the file is over 100 MB.`, []);
    if (!isSafeArchivePath(file.archivePath)) throw invalid(`The backup is invalid at ${at}: unsafe archivePath.`, []);
    return {
      oldId: file.id,
      archivePath: file.archivePath,
      originalFileName: name,
      ext,
      category: fields.category,
      description: fields.description ?? null,
      oldAssignee: assignee(file.assignedToBeneficiary, at),
      sha256: file.sha256,
      fileSize: file.fileSize,
      createdAt: new Date(file.createdAt),
    };
  });
  if (hasCollidingPaths(files.map((f) => f.archivePath))) {
    throw invalid("The backup is invalid: two files share one archivePath.", []);
  }
  return files;
}

/**
 * Checks every record of a parsed backup with the rules the API applies to a create (required fields, lengths,
 * categories, e-mail), so a restore can never store what the screens could not. Fields an owner may not set
 * (ids, status) are not taken over; references must name a beneficiary of the same backup.
 */
export function planRestore(doc: BackupDocument): RestorePlan {
  const oldIds = new Set<number>();
  const beneficiaries = doc.beneficiaries.map((b, i): PlannedBeneficiary => {
    if (oldIds.has(b.id)) throw invalid(`The backup is invalid at beneficiaries.${i}: the id appears twice.`, []);
    oldIds.add(b.id);
    const values = check(createBeneficiarySchema, b, `beneficiaries.${i}`);
    return { oldId: b.id, values: { ...values, ...dated(b) } };
  });
  const assignee = (id: number | null, at: string) => {
    if (id !== null && !oldIds.has(id)) {
      throw invalid(`The backup is invalid at ${at}: it names a beneficiary the backup does not contain.`, []);
    }
    return id;
  };
  const wills = [...doc.wills]
    .sort((a, b) => a.version - b.version)
    .map((w, i) => ({ ...check(saveWillSchema, w, `wills.${i}`), ...dated(w), oldId: w.id }));
  const typed = KINDS.map((kind) => ({
    kind,
    rows: (doc.assets[kind.kind] as Record<string, unknown>[]).map((record, i): PlannedTyped => {
      const at = `assets.${kind.kind}.${i}`;
      const { id: _id, status: _status, createdAt, updatedAt, assignedToBeneficiary, ...fields } = record;
      const body = { ...fields, category: fields[ASSET_KINDS[kind.kind].categoryField] };
      return {
        oldAssignee: assignee(assignedToBeneficiary as number | null, at),
        values: toColumns(kind, check(kind.createSchema, body, at)),
        ...dated({ createdAt: createdAt as string, updatedAt: updatedAt as string }),
      };
    }),
  }));
  // Only what the owner entered: status, invitation and linked account are not taken over (a fresh invitation is due).
  const trustedParties = (doc.trustedParties ?? []).map((party, i): RestoredTrustedParty => {
    const { id: _id, status: _status, createdAt, updatedAt, ...fields } = party;
    const input = check(createTrustedPartySchema, fields, `trustedParties.${i}`);
    return { input, ...dated({ createdAt, updatedAt }) };
  });
  const files = planFiles(doc, assignee);
  return {
    beneficiaries,
    wills,
    executions: planExecutions(doc, wills, files),
    typed,
    files,
    trustedParties,
    estateDistribution: doc.estateDistribution ?? null,
  };
}

/** Execution records (issue 20): each names a will of the backup, at most one per will, at most one executed. */
function planExecutions(doc: BackupDocument, wills: PlannedWill[], files: PlannedFile[]): PlannedExecution[] {
  const willIds = new Set(wills.map((w) => w.oldId));
  const fileIds = new Set(files.map((f) => f.oldId));
  const seen = new Set<number>();
  const records = (doc.willExecutions ?? []).map((e, i): PlannedExecution => {
    const at = `willExecutions.${i}`;
    if (!willIds.has(e.willId) || seen.has(e.willId)) {
      throw invalid(`The backup is invalid at ${at}: it names a will the backup does not contain, or one twice.`, []);
    }
    seen.add(e.willId);
    if (e.scanFileId !== null && !fileIds.has(e.scanFileId)) {
      throw invalid(`The backup is invalid at ${at}: it names a file the backup does not contain.`, []);
    }
    return {
      oldWillId: e.willId,
      oldScanFileId: e.scanFileId,
      status: e.status,
      fields: check(saveExecutionSchema, e, at),
      executedAt: e.executedAt ? new Date(e.executedAt) : null,
      ...dated(e),
    };
  });
  if (records.filter((r) => r.status === "executed").length > 1) {
    throw invalid("The backup is invalid at willExecutions: more than one will is executed.", []);
  }
  return records;
}
