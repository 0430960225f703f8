/**
 * The seven asset types of the Assets screen (spec 000 §3 "Asset categories in the add dialog"). One table drives the
 * type cards, the add dialogs, the API paths and which fields are encrypted at rest.
 */
export const TYPED_ASSET_KINDS = [
  "online_accounts",
  "intellectual_property",
  "financial_assets",
  "physical_assets",
  "digital_content",
  "personal_documents",
] as const;
export type TypedAssetKind = (typeof TYPED_ASSET_KINDS)[number];
export type AssetKind = "digital_files" | TypedAssetKind;

export const UPLOAD_CATEGORIES = ["documents", "images", "videos", "intellectual_property", "other"] as const;
export type UploadCategory = (typeof UPLOAD_CATEGORIES)[number];

export const ACCEPTED_EXTENSIONS = ["pdf", "doc", "docx", "jpg", "jpeg", "png", "gif", "mp4", "mov", "avi"] as const;
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
export const MAX_FILES_PER_UPLOAD = 10;

type KindInfo = {
  label: string;
  /** The add dialog's `category` maps to this column (contract). */
  categoryField: string;
  categories: readonly string[];
  apiPath: string;
  /**
   * Stored as AES-256-GCM ciphertext under the owner's data key; shown only to the owner (docs/SECURITY.md lists
   * them). The rule: every free-text note (the 5,000-character fields: descriptions, instructions, access, contact,
   * beneficiary, location, insurance, documentation, licence and renewal notes) and every credential or number that
   * opens an account. What names, sorts or finds a record (title, account name, type, priority, dates, amounts,
   * institution or platform) stays readable: the asset list searches titles, and admins see names of records.
   */
  sensitiveFields: readonly string[];
};

export const ASSET_KINDS: Record<AssetKind, KindInfo> = {
  digital_files: {
    label: "Digital Files",
    categoryField: "category",
    categories: ["documents", "images", "videos", "audio", "other"],
    apiPath: "/api/assets",
    sensitiveFields: [],
  },
  online_accounts: {
    label: "Online Accounts",
    categoryField: "accountType",
    categories: [
      "email",
      "social_media",
      "banking",
      "subscription",
      "gaming",
      "cloud_storage",
      "cryptocurrency",
      "other",
    ],
    apiPath: "/api/online-accounts",
    sensitiveFields: [
      "username",
      "passwordHint",
      "recoveryInfo",
      "twoFactorInfo",
      "securityQuestions",
      "email",
      "instructions",
      "description",
    ],
  },
  intellectual_property: {
    label: "Intellectual Property",
    categoryField: "assetType",
    categories: ["patent", "trademark", "copyright", "domain", "business_asset"],
    apiPath: "/api/intellectual-property",
    sensitiveFields: ["description", "documentation"],
  },
  financial_assets: {
    label: "Financial Assets",
    categoryField: "assetType",
    categories: ["investment", "insurance", "loan", "crypto_wallet"],
    apiPath: "/api/financial-assets",
    sensitiveFields: [
      "accountNumber",
      "accessInfo",
      "beneficiaryInfo",
      "contactInfo",
      "documentLocation",
      "description",
    ],
  },
  physical_assets: {
    label: "Physical Assets",
    categoryField: "assetType",
    categories: ["real_estate", "vehicle", "valuable", "storage_unit"],
    apiPath: "/api/physical-assets",
    sensitiveFields: ["accessCodes", "location", "documentation", "insurance", "description"],
  },
  digital_content: {
    label: "Digital Content",
    categoryField: "contentType",
    categories: ["creative_work", "business_data", "educational", "subscription"],
    apiPath: "/api/digital-content",
    sensitiveFields: ["accessInfo", "storageLocation", "backupLocation", "licenseInfo", "renewalInfo", "description"],
  },
  personal_documents: {
    label: "Personal Documents",
    categoryField: "documentType",
    categories: ["legal", "personal_record", "medical", "family_heritage"],
    apiPath: "/api/personal-documents",
    sensitiveFields: ["documentNumber", "accessInfo", "documentLocation", "description"],
  },
};

/** "social_media" → "Social Media". */
export function humanize(value: string): string {
  return value.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

/** Fields every typed asset answers with, whatever its kind (TypedAssetDto). */
const COMMON_TAIL = ["status", "assignedToBeneficiary", "createdAt", "updatedAt"] as const;

/**
 * What a typed asset of each kind shows its owner, in the API and in a backup: an allow-list, in the table's column
 * order (which is the order of the JSON keys). Nothing else of a row ever leaves the server, so a column added for
 * the server's own use (like `userId` or `encVersion`) stays inside until it is named here.
 */
export const TYPED_ASSET_FIELDS: Record<TypedAssetKind, readonly string[]> = {
  online_accounts: [
    "id",
    "accountName",
    "accountType",
    "title",
    "platform",
    "username",
    "email",
    "passwordHint",
    "recoveryInfo",
    "twoFactorInfo",
    "securityQuestions",
    "accountValue",
    "instructions",
    "description",
    "lastAccessed",
    "priority",
    ...COMMON_TAIL,
  ],
  intellectual_property: [
    "id",
    "assetType",
    "title",
    "description",
    "registrationNumber",
    "filingDate",
    "renewalDate",
    "registrar",
    "value",
    "documentation",
    "priority",
    ...COMMON_TAIL,
  ],
  financial_assets: [
    "id",
    "assetType",
    "title",
    "accountName",
    "institution",
    "accountNumber",
    "accountType",
    "currentValue",
    "beneficiaryInfo",
    "contactInfo",
    "accessInfo",
    "documentLocation",
    "description",
    "priority",
    ...COMMON_TAIL,
  ],
  physical_assets: [
    "id",
    "assetType",
    "title",
    "name",
    "description",
    "location",
    "purchaseDate",
    "purchasePrice",
    "currentValue",
    "serialNumber",
    "documentation",
    "insurance",
    "accessCodes",
    "priority",
    ...COMMON_TAIL,
  ],
  digital_content: [
    "id",
    "contentType",
    "title",
    "description",
    "storageLocation",
    "accessInfo",
    "licenseInfo",
    "renewalInfo",
    "value",
    "backupLocation",
    "priority",
    ...COMMON_TAIL,
  ],
  personal_documents: [
    "id",
    "documentType",
    "title",
    "description",
    "documentLocation",
    "issueDate",
    "expirationDate",
    "issuingAuthority",
    "documentNumber",
    "accessInfo",
    "importance",
    ...COMMON_TAIL,
  ],
};
