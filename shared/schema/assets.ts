import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  type ExtraConfigColumn,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { beneficiaries } from "./beneficiaries";
import { users } from "./users";

const owner = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
const assignee = () => integer("assigned_to_beneficiary").references(() => beneficiaries.id, { onDelete: "set null" });
const created = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/**
 * Which of the kind's columns hold ciphertext in this row (server/lib/crypto/field-secrets.ts): 1 = the first set
 * (what rows written before issue 12 hold, and what a writer unaware of this column still writes), 2 = every
 * sensitive column of the kind today. The start-up migration moves rows from 1 to 2.
 */
const encVersion = () => smallint("enc_version").notNull().default(1);
/** Rows the start-up migration still has to encrypt: empty once it has run, so the check at start-up is free. */
const encPending = (name: string, t: { id: ExtraConfigColumn; encVersion: ExtraConfigColumn }) =>
  index(`${name}_enc_pending_idx`)
    .on(t.id)
    .where(sql`${t.encVersion} < 2`);

/** Uploaded files. `filePath` is the blob key and never leaves the server; `status` is pending until the blob is in place. */
export const digitalAssets = pgTable(
  "digital_assets",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    fileName: varchar("file_name", { length: 128 }).notNull(),
    originalFileName: varchar("original_file_name", { length: 255 }).notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    /** Bytes of the encrypted blob, which is what the storage quota counts. */
    storedSize: bigint("stored_size", { mode: "number" }).notNull().default(0),
    mimeType: varchar("mime_type", { length: 128 }).notNull(),
    category: varchar("category", { length: 32 }).notNull(),
    description: text("description"),
    filePath: varchar("file_path", { length: 255 }).notNull(),
    sha256: varchar("sha256", { length: 64 }),
    assignedToBeneficiary: assignee(),
    status: varchar("status", { length: 16 }).notNull().default("pending"),
    /** The master key id whose file keyring wrapped this blob's data key; null for blobs stored before it was kept. */
    kid: varchar("kid", { length: 32 }),
    createdAt: created(),
  },
  (t) => [
    index("digital_assets_user_created_idx").on(t.userId, t.createdAt),
    index("digital_assets_user_category_idx").on(t.userId, t.category),
    index("digital_assets_beneficiary_idx").on(t.assignedToBeneficiary),
    index("digital_assets_status_idx").on(t.status, t.createdAt),
  ],
);

/** Sensitive columns (ASSET_KINDS.intellectual_property.sensitiveFields) hold ciphertext. */
export const intellectualProperty = pgTable(
  "intellectual_property",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    assetType: varchar("asset_type", { length: 32 }).notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    description: text("description"),
    registrationNumber: varchar("registration_number", { length: 100 }),
    filingDate: varchar("filing_date", { length: 32 }),
    renewalDate: varchar("renewal_date", { length: 32 }),
    registrar: varchar("registrar", { length: 200 }),
    value: varchar("value", { length: 100 }),
    documentation: text("documentation"),
    priority: varchar("priority", { length: 8 }).notNull().default("medium"),
    status: varchar("status", { length: 16 }).notNull().default("active"),
    assignedToBeneficiary: assignee(),
    encVersion: encVersion(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index("intellectual_property_user_idx").on(t.userId, t.createdAt),
    index("intellectual_property_beneficiary_idx").on(t.assignedToBeneficiary),
    encPending("intellectual_property", t),
  ],
);

/** Sensitive columns (ASSET_KINDS.financial_assets.sensitiveFields) hold `v1.…` ciphertext (field-crypto.ts). */
export const financialAssets = pgTable(
  "financial_assets",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    assetType: varchar("asset_type", { length: 32 }).notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    accountName: varchar("account_name", { length: 200 }).notNull(),
    institution: varchar("institution", { length: 200 }),
    accountNumber: text("account_number"),
    accountType: varchar("account_type", { length: 100 }),
    currentValue: varchar("current_value", { length: 100 }),
    beneficiaryInfo: text("beneficiary_info"),
    contactInfo: text("contact_info"),
    accessInfo: text("access_info"),
    documentLocation: text("document_location"),
    description: text("description"),
    priority: varchar("priority", { length: 8 }).notNull().default("medium"),
    status: varchar("status", { length: 16 }).notNull().default("active"),
    assignedToBeneficiary: assignee(),
    encVersion: encVersion(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index("financial_assets_user_idx").on(t.userId, t.createdAt),
    index("financial_assets_beneficiary_idx").on(t.assignedToBeneficiary),
    encPending("financial_assets", t),
  ],
);

/** Sensitive columns (ASSET_KINDS.physical_assets.sensitiveFields) hold ciphertext. */
export const physicalAssets = pgTable(
  "physical_assets",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    assetType: varchar("asset_type", { length: 32 }).notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    name: varchar("name", { length: 200 }).notNull(),
    description: text("description"),
    location: text("location"),
    purchaseDate: varchar("purchase_date", { length: 32 }),
    purchasePrice: varchar("purchase_price", { length: 100 }),
    currentValue: varchar("current_value", { length: 100 }),
    serialNumber: varchar("serial_number", { length: 200 }),
    documentation: text("documentation"),
    insurance: text("insurance"),
    accessCodes: text("access_codes"),
    priority: varchar("priority", { length: 8 }).notNull().default("medium"),
    status: varchar("status", { length: 16 }).notNull().default("owned"),
    assignedToBeneficiary: assignee(),
    encVersion: encVersion(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index("physical_assets_user_idx").on(t.userId, t.createdAt),
    index("physical_assets_beneficiary_idx").on(t.assignedToBeneficiary),
    encPending("physical_assets", t),
  ],
);

/** Sensitive columns (ASSET_KINDS.digital_content.sensitiveFields) hold ciphertext. */
export const digitalContent = pgTable(
  "digital_content",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    contentType: varchar("content_type", { length: 32 }).notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    description: text("description"),
    storageLocation: text("storage_location"),
    accessInfo: text("access_info"),
    licenseInfo: text("license_info"),
    renewalInfo: text("renewal_info"),
    value: varchar("value", { length: 100 }),
    backupLocation: text("backup_location"),
    priority: varchar("priority", { length: 8 }).notNull().default("medium"),
    status: varchar("status", { length: 16 }).notNull().default("active"),
    assignedToBeneficiary: assignee(),
    encVersion: encVersion(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index("digital_content_user_idx").on(t.userId, t.createdAt),
    index("digital_content_beneficiary_idx").on(t.assignedToBeneficiary),
    encPending("digital_content", t),
  ],
);

/** Sensitive columns (ASSET_KINDS.personal_documents.sensitiveFields) hold ciphertext. */
export const personalDocuments = pgTable(
  "personal_documents",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    documentType: varchar("document_type", { length: 32 }).notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    description: text("description"),
    documentLocation: text("document_location"),
    issueDate: varchar("issue_date", { length: 32 }),
    expirationDate: varchar("expiration_date", { length: 32 }),
    issuingAuthority: varchar("issuing_authority", { length: 200 }),
    documentNumber: text("document_number"),
    accessInfo: text("access_info"),
    importance: varchar("importance", { length: 8 }).notNull().default("medium"),
    status: varchar("status", { length: 16 }).notNull().default("current"),
    assignedToBeneficiary: assignee(),
    encVersion: encVersion(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index("personal_documents_user_idx").on(t.userId, t.createdAt),
    index("personal_documents_beneficiary_idx").on(t.assignedToBeneficiary),
    encPending("personal_documents", t),
  ],
);

/** Sensitive columns (ASSET_KINDS.online_accounts.sensitiveFields) hold ciphertext (spec 001 §3). */
export const onlineAccounts = pgTable(
  "online_accounts",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    accountName: varchar("account_name", { length: 200 }).notNull(),
    accountType: varchar("account_type", { length: 32 }).notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    platform: varchar("platform", { length: 200 }),
    username: text("username"),
    email: text("email"),
    passwordHint: text("password_hint"),
    recoveryInfo: text("recovery_info"),
    twoFactorInfo: text("two_factor_info"),
    securityQuestions: text("security_questions"),
    accountValue: varchar("account_value", { length: 200 }),
    instructions: text("instructions"),
    description: text("description"),
    lastAccessed: varchar("last_accessed", { length: 32 }),
    priority: varchar("priority", { length: 8 }).notNull().default("medium"),
    status: varchar("status", { length: 16 }).notNull().default("active"),
    assignedToBeneficiary: assignee(),
    encVersion: encVersion(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index("online_accounts_user_idx").on(t.userId, t.createdAt),
    index("online_accounts_beneficiary_idx").on(t.assignedToBeneficiary),
    encPending("online_accounts", t),
  ],
);

/** Storage and plan purchases (spec 000 §3 asset_bundles), the user's billing history. */
export const assetBundles = pgTable(
  "asset_bundles",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    name: varchar("name", { length: 200 }).notNull(),
    /** What the owner says the group is for (contract `/api/asset-bundles`, issue 14). */
    description: text("description"),
    /** Spec 000's purchase fields; a group made on the assets screen is category "group", no quantity, no price. */
    category: varchar("category", { length: 32 }).notNull().default("group"),
    quantity: integer("quantity").notNull().default(0),
    price: numeric("price", { precision: 10, scale: 2 }).notNull().default("0"),
    stripePaymentIntentId: varchar("stripe_payment_intent_id", { length: 255 }),
    status: varchar("status", { length: 16 }).notNull().default("pending"),
    metadata: jsonb("metadata"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index("asset_bundles_user_idx").on(t.userId, t.createdAt)],
);
export type AssetBundle = typeof assetBundles.$inferSelect;
