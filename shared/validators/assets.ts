import { z } from "zod";
import { ASSET_KINDS, UPLOAD_CATEGORIES, type TypedAssetKind } from "../asset-types";
import { PRIORITIES, beneficiaryRef, optionalText, requiredText } from "./common";

export const ASSET_MESSAGES = {
  title: "Title is required",
  category: "Category is required",
  accountName: "Account name is required",
  name: "Name is required",
  accountType: "Account type is required",
  email: "Please enter a valid email address",
  uploadCategory: "Please select a category",
} as const;

const category = (kind: TypedAssetKind) =>
  z.enum(ASSET_KINDS[kind].categories as [string, ...string[]], { error: ASSET_MESSAGES.category });
const priority = z.enum(PRIORITIES, { error: "Priority must be high, medium or low" }).optional();
const short = () => optionalText(200);
const long = () => optionalText(5000);

const common = {
  description: long(),
  assignedToBeneficiary: beneficiaryRef,
  priority,
};

/**
 * Create schemas per type (spec 000 §5, spec 001 §5). `category` is the add dialog's field and maps to the type
 * column; fields a user may not set (ids, userId, status) are simply not in the schema, so they are dropped.
 */
export const createIntellectualPropertySchema = z.object({
  ...common,
  title: requiredText(ASSET_MESSAGES.title),
  category: category("intellectual_property"),
  registrationNumber: short(),
  filingDate: optionalText(32),
  renewalDate: optionalText(32),
  registrar: short(),
  value: optionalText(100),
  documentation: long(),
});

export const createFinancialAssetSchema = z.object({
  ...common,
  title: requiredText(ASSET_MESSAGES.title),
  category: category("financial_assets"),
  accountName: requiredText(ASSET_MESSAGES.accountName),
  institution: short(),
  accountNumber: optionalText(100),
  accountType: optionalText(100),
  currentValue: optionalText(100),
  value: optionalText(100),
  beneficiaryInfo: long(),
  contactInfo: long(),
  accessInfo: long(),
  documentLocation: long(),
});

export const createPhysicalAssetSchema = z.object({
  ...common,
  title: requiredText(ASSET_MESSAGES.title),
  category: category("physical_assets"),
  name: requiredText(ASSET_MESSAGES.name),
  location: long(),
  purchaseDate: optionalText(32),
  purchasePrice: optionalText(100),
  currentValue: optionalText(100),
  value: optionalText(100),
  serialNumber: short(),
  documentation: long(),
  insurance: long(),
  accessCodes: long(),
});

export const createDigitalContentSchema = z.object({
  ...common,
  title: requiredText(ASSET_MESSAGES.title),
  category: category("digital_content"),
  storageLocation: long(),
  accessInfo: long(),
  licenseInfo: long(),
  renewalInfo: long(),
  value: optionalText(100),
  backupLocation: long(),
});

export const createPersonalDocumentSchema = z.object({
  description: long(),
  assignedToBeneficiary: beneficiaryRef,
  title: requiredText(ASSET_MESSAGES.title),
  category: category("personal_documents"),
  documentLocation: long(),
  issueDate: optionalText(32),
  expirationDate: optionalText(32),
  issuingAuthority: short(),
  documentNumber: optionalText(100),
  accessInfo: long(),
  importance: priority,
  priority,
});

/** Online accounts (spec 001 §5): accountName and accountType required; `title` stands for accountName when absent. */
export const createOnlineAccountSchema = z
  .object({
    ...common,
    accountName: optionalText(200),
    title: optionalText(200),
    accountType: z
      .enum(ASSET_KINDS.online_accounts.categories as [string, ...string[]], { error: ASSET_MESSAGES.accountType })
      .optional(),
    category: z
      .enum(ASSET_KINDS.online_accounts.categories as [string, ...string[]], { error: ASSET_MESSAGES.accountType })
      .optional(),
    platform: short(),
    username: short(),
    email: z
      .union([z.string(), z.null()])
      .optional()
      .transform((v) => (v == null || v.trim() === "" ? undefined : v.trim()))
      .pipe(z.string().max(254).email({ error: ASSET_MESSAGES.email }).optional()),
    passwordHint: optionalText(500),
    recoveryInfo: long(),
    twoFactorInfo: long(),
    securityQuestions: long(),
    accountValue: optionalText(200),
    value: optionalText(200),
    instructions: long(),
    lastAccessed: optionalText(32),
  })
  .transform((v, ctx) => {
    const accountName = v.accountName ?? v.title;
    const accountType = v.accountType ?? v.category;
    if (!accountName) ctx.addIssue({ code: "custom", path: ["accountName"], message: ASSET_MESSAGES.accountName });
    if (!accountType) ctx.addIssue({ code: "custom", path: ["accountType"], message: ASSET_MESSAGES.accountType });
    if (!accountName || !accountType) return z.NEVER;
    const { category: _c, title, value, accountValue, ...rest } = v;
    return { ...rest, accountName, accountType, title: title ?? accountName, accountValue: accountValue ?? value };
  });

export const createTypedAssetSchemas = {
  intellectual_property: createIntellectualPropertySchema,
  financial_assets: createFinancialAssetSchema,
  physical_assets: createPhysicalAssetSchema,
  digital_content: createDigitalContentSchema,
  personal_documents: createPersonalDocumentSchema,
  online_accounts: createOnlineAccountSchema,
} as const;

export const uploadFieldsSchema = z.object({
  category: z.enum(UPLOAD_CATEGORIES, { error: ASSET_MESSAGES.uploadCategory }),
  description: optionalText(2000),
  assignedToBeneficiary: beneficiaryRef,
});
export type UploadFieldsInput = z.infer<typeof uploadFieldsSchema>;

export const listAssetsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  q: z.string().trim().max(200).optional(),
  category: z.enum(UPLOAD_CATEGORIES).optional(),
});
