import { z } from "zod";
import { ASSET_KINDS, UPLOAD_CATEGORIES, type TypedAssetKind } from "./asset-types";
import { estateDistributionBackupSchema, trustedPartyBackupSchema } from "./backup-format-parties";
import { PRIORITIES } from "./validators/common";

/**
 * The backup format (issue 5): what `GET /api/export/backup?format=json` answers and what a ZIP export carries as
 * `backup.json`. Self-describing and versioned; `backup-format.schema.json` next to this file is generated from it
 * (`npm run backup:schema`) so other tools can read a backup without this code. Everything the owner stored is
 * here, sensitive fields in plain text (it is the owner's own copy); no blob keys, hashes of secrets or tokens.
 */
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_APP = "heirloom";

const timestamp = z.iso.datetime().describe("ISO 8601 UTC timestamp");
const id = z.number().int().positive();
const ref = id.nullable().describe("id of a beneficiary in this backup, or null");
const text = (max: number) => z.string().max(max).nullable();
const category = (kind: TypedAssetKind) => z.enum(ASSET_KINDS[kind].categories as [string, ...string[]]);
const priority = z.enum(PRIORITIES);

const profileSchema = z.object({
  email: z.string().max(254),
  firstName: text(100),
  lastName: text(100),
  profileImageUrl: z.string().nullable(),
  phone: z
    .string()
    .max(16)
    .nullable()
    .optional()
    .describe("the owner's mobile number (E.164) or null; absent from backups made before it existed"),
  userType: z.enum(["client", "agent", "admin"]),
  plan: z.string().max(32),
  storageUsed: z.number().int().nonnegative(),
  storageLimit: z.number().int().nonnegative(),
  emailVerified: z.boolean(),
  authProvider: z.enum(["local", "google"]),
  createdAt: timestamp,
});

const beneficiarySchema = z.object({
  id,
  firstName: z.string().max(100),
  lastName: z.string().max(100),
  email: z.string().max(254),
  relationship: z.enum(["spouse", "child", "parent", "sibling", "friend", "other"]),
  status: z.enum(["pending", "verified"]).describe("restored as pending: a backup cannot vouch for an address"),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const willSchema = z.object({
  id,
  title: z.string().max(200),
  content: z.string().max(100_000),
  version: z.number().int().positive(),
  isActive: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const witnessSchema = z.object({
  fullName: z.string().max(200),
  address: z.string().max(500),
  occupation: z.string().max(200),
  email: z.string().max(254).optional(),
  spouseName: z.string().max(200).optional(),
});

/** Issue 20: how a will version was (or is to be) signed under the Wills Act, 1971 (Act 360). */
const willExecutionSchema = z.object({
  willId: id.describe("id of the will version in this backup"),
  status: z.enum(["draft", "ready", "executed", "superseded"]),
  testatorName: z.string().max(200),
  testatorAddress: z.string().max(500),
  place: z.string().max(200),
  signedOn: z.string().max(10).nullable().describe("YYYY-MM-DD or null"),
  originalLocation: text(500).describe("where the signed original is kept"),
  witnesses: z.array(witnessSchema).max(2),
  scanFileId: id.nullable().describe("id of the file in this backup holding the signed pages, or null"),
  executedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/**
 * `files/<category>/<name>`: where the file sits in a ZIP export, unique in the archive (case-insensitively). The
 * categories are UPLOAD_CATEGORIES, spelled out so the pattern is a literal (a test keeps the two in step).
 */
export const ARCHIVE_PATH_PATTERN = /^files\/(documents|images|videos|intellectual_property|other)\/[^/\\]+$/;
const archivePath = z.string().max(300).regex(ARCHIVE_PATH_PATTERN);

const fileSchema = z.object({
  id,
  originalFileName: z.string().max(255),
  mimeType: z.string().max(128),
  fileSize: z.number().int().nonnegative(),
  category: z.enum(UPLOAD_CATEGORIES),
  description: text(5000),
  assignedToBeneficiary: ref,
  sha256: z
    .string()
    .regex(/^[a-f0-9]{64}$/)
    .nullable()
    .describe("SHA-256 of the file's content"),
  archivePath,
  createdAt: timestamp,
});

const typedBase = {
  id,
  title: z.string().max(200),
  description: text(5000),
  status: z.string().max(16),
  assignedToBeneficiary: ref,
  createdAt: timestamp,
  updatedAt: timestamp,
};

/** One schema per typed-asset table: its columns except the owner, sensitive ones decrypted. */
export const typedAssetSchemas = {
  online_accounts: z.object({
    ...typedBase,
    accountName: z.string().max(200),
    accountType: category("online_accounts"),
    platform: text(200),
    username: text(5000),
    email: text(254),
    passwordHint: text(5000),
    recoveryInfo: text(5000),
    twoFactorInfo: text(5000),
    securityQuestions: text(5000),
    accountValue: text(200),
    instructions: text(5000),
    lastAccessed: text(32),
    priority,
  }),
  intellectual_property: z.object({
    ...typedBase,
    assetType: category("intellectual_property"),
    registrationNumber: text(100),
    filingDate: text(32),
    renewalDate: text(32),
    registrar: text(200),
    value: text(100),
    documentation: text(5000),
    priority,
  }),
  financial_assets: z.object({
    ...typedBase,
    assetType: category("financial_assets"),
    accountName: z.string().max(200),
    institution: text(200),
    accountNumber: text(5000),
    accountType: text(100),
    currentValue: text(100),
    beneficiaryInfo: text(5000),
    contactInfo: text(5000),
    accessInfo: text(5000),
    documentLocation: text(5000),
    priority,
  }),
  physical_assets: z.object({
    ...typedBase,
    assetType: category("physical_assets"),
    name: z.string().max(200),
    location: text(5000),
    purchaseDate: text(32),
    purchasePrice: text(100),
    currentValue: text(100),
    serialNumber: text(200),
    documentation: text(5000),
    insurance: text(5000),
    accessCodes: text(5000),
    priority,
  }),
  digital_content: z.object({
    ...typedBase,
    contentType: category("digital_content"),
    storageLocation: text(5000),
    accessInfo: text(5000),
    licenseInfo: text(5000),
    renewalInfo: text(5000),
    value: text(100),
    backupLocation: text(5000),
    priority,
  }),
  personal_documents: z.object({
    ...typedBase,
    documentType: category("personal_documents"),
    documentLocation: text(5000),
    issueDate: text(32),
    expirationDate: text(32),
    issuingAuthority: text(200),
    documentNumber: text(5000),
    accessInfo: text(5000),
    importance: priority,
  }),
} as const satisfies Record<TypedAssetKind, z.ZodObject>;

/** Bounds a crafted backup.json: far above any real estate, far below what would hurt the server. */
export const BACKUP_MAX_ROWS = 10_000;
const rows = <T extends z.ZodType>(schema: T) => z.array(schema).max(BACKUP_MAX_ROWS);

export const backupSchema = z.object({
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  app: z.literal(BACKUP_APP),
  exportedAt: timestamp,
  profile: profileSchema,
  beneficiaries: rows(beneficiarySchema),
  wills: rows(willSchema).describe("every version, oldest first; at most one isActive"),
  willExecutions: rows(willExecutionSchema)
    .optional()
    .describe("execution records of will versions, at most one executed; absent from backups made before them"),
  assets: z.object({
    files: rows(fileSchema).describe("uploaded files: details here, content under archivePath in a ZIP export"),
    online_accounts: rows(typedAssetSchemas.online_accounts),
    intellectual_property: rows(typedAssetSchemas.intellectual_property),
    financial_assets: rows(typedAssetSchemas.financial_assets),
    physical_assets: rows(typedAssetSchemas.physical_assets),
    digital_content: rows(typedAssetSchemas.digital_content),
    personal_documents: rows(typedAssetSchemas.personal_documents),
  }),
  trustedParties: rows(trustedPartyBackupSchema)
    .optional()
    .describe("the owner's trusted parties; absent from backups made before they existed"),
  estateDistribution: estateDistributionBackupSchema
    .nullable()
    .optional()
    .describe("null or absent: the defaults were in force (or the backup predates the settings)"),
});

export type BackupDocument = z.infer<typeof backupSchema>;

/** The JSON Schema (draft 2020-12) of what an export contains; the committed `.schema.json` must equal it. */
export function backupJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(backupSchema, { io: "output" }),
    $id: "https://heirloom.app/schemas/backup-format-v1.json",
    title: "Heirloom backup, format version 1",
  };
}

export const EXPORT_FORMATS = ["json", "pdf", "zip"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `digital-legacy-backup-YYYY-MM-DD.<ext>` (contract), the date in UTC. */
export function backupFileName(format: ExportFormat, at: Date): string {
  return `digital-legacy-backup-${at.toISOString().slice(0, 10)}.${format}`;
}

/** GET /api/export/history. `isRunning`: an export of this user is streaming right now. */
export type ExportHistory = {
  lastBackup: { format: ExportFormat; createdAt: string } | null;
  count: number;
  isRunning: boolean;
};

/** Counts per record type, keyed as the API names them. */
export type RestoreCounts = {
  beneficiaries: number;
  wills: number;
  files: number;
  onlineAccounts: number;
  intellectualProperty: number;
  financialAssets: number;
  physicalAssets: number;
  digitalContent: number;
  personalDocuments: number;
  trustedParties: number;
};

export const COUNT_KEYS: Record<TypedAssetKind, keyof RestoreCounts> = {
  online_accounts: "onlineAccounts",
  intellectual_property: "intellectualProperty",
  financial_assets: "financialAssets",
  physical_assets: "physicalAssets",
  digital_content: "digitalContent",
  personal_documents: "personalDocuments",
};

/**
 * POST /api/import/backup: 201 with what was created, or 200 with what would be (`?dryRun=1`). `skippedFiles`: files
 * a JSON backup lists but cannot carry (only a ZIP holds their content).
 */
export type RestoreResult = { dryRun: boolean; created: RestoreCounts; skippedFiles: number };
