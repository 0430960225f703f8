import { getTableColumns } from "drizzle-orm";
import type { z } from "zod";
import { ASSET_KINDS, TYPED_ASSET_KINDS, type TypedAssetKind } from "@shared/asset-types";
import {
  digitalContent,
  financialAssets,
  intellectualProperty,
  onlineAccounts,
  personalDocuments,
  physicalAssets,
} from "@shared/schema";
import { createTypedAssetSchemas } from "@shared/validators/assets";
import { updateTypedAssetSchemas } from "@shared/validators/assets-update";
import type { SecretColumns } from "../../lib/crypto/field-secrets";

export type TypedTable =
  | typeof intellectualProperty
  | typeof financialAssets
  | typeof physicalAssets
  | typeof digitalContent
  | typeof personalDocuments
  | typeof onlineAccounts;

type BodySchema = z.ZodType<Record<string, unknown>>;

/**
 * Everything the one generic implementation needs to serve a kind. As SecretColumns: `tableName` is also the
 * sequence ids are drawn from, `sensitive` is ASSET_KINDS[kind].sensitiveFields.
 */
export type KindConfig = SecretColumns & {
  kind: TypedAssetKind;
  table: TypedTable;
  apiPath: string;
  createSchema: BodySchema;
  updateSchema: BodySchema;
  /**
   * Body fields stored under another column when that column was not sent itself: the add dialog's `category`
   * is the type column (contract), a generic `value` is `currentValue`, and so on.
   */
  aliases: Record<string, string>;
  /** Columns a body may write: the table's columns minus ids, owner, status and timestamps. */
  writable: ReadonlySet<string>;
  /** Writable columns that may hold NULL, so an empty field in an update clears them. */
  nullable: ReadonlySet<string>;
};

const TABLES: Record<TypedAssetKind, { table: TypedTable; tableName: string; aliases: Record<string, string> }> = {
  intellectual_property: { table: intellectualProperty, tableName: "intellectual_property", aliases: {} },
  financial_assets: { table: financialAssets, tableName: "financial_assets", aliases: { value: "currentValue" } },
  physical_assets: { table: physicalAssets, tableName: "physical_assets", aliases: { value: "currentValue" } },
  digital_content: { table: digitalContent, tableName: "digital_content", aliases: {} },
  personal_documents: {
    table: personalDocuments,
    tableName: "personal_documents",
    aliases: { priority: "importance" },
  },
  // In the add dialog `title` stands for accountName (contract); the two columns are kept apart afterwards.
  online_accounts: {
    table: onlineAccounts,
    tableName: "online_accounts",
    aliases: { value: "accountValue", title: "accountName" },
  },
};

/**
 * The sensitive columns of the first release (enc_version 1), frozen: rows written then, or by a server that does
 * not know enc_version, hold only these as ciphertext until the start-up migration has encrypted the rest.
 */
const FIRST_SENSITIVE: Record<TypedAssetKind, readonly string[]> = {
  online_accounts: ["username", "passwordHint", "recoveryInfo", "twoFactorInfo", "securityQuestions"],
  intellectual_property: [],
  financial_assets: ["accountNumber", "accessInfo"],
  physical_assets: ["accessCodes"],
  digital_content: ["accessInfo"],
  personal_documents: ["documentNumber", "accessInfo"],
};
/** Rows written today hold every column of ASSET_KINDS[kind].sensitiveFields as ciphertext. */
export const TYPED_ENC_VERSION = 2;

const NOT_WRITABLE = new Set(["id", "userId", "status", "encVersion", "createdAt", "updatedAt"]);

function buildKind(kind: TypedAssetKind): KindConfig {
  const { table, tableName, aliases } = TABLES[kind];
  const info = ASSET_KINDS[kind];
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => !NOT_WRITABLE.has(key));
  return {
    kind,
    table,
    tableName,
    apiPath: info.apiPath,
    createSchema: createTypedAssetSchemas[kind] as BodySchema,
    updateSchema: updateTypedAssetSchemas[kind] as BodySchema,
    aliases: { category: info.categoryField, ...aliases },
    sensitive: info.sensitiveFields,
    currentVersion: TYPED_ENC_VERSION,
    earlier: { 1: FIRST_SENSITIVE[kind] },
    writable: new Set(columns.map(([key]) => key)),
    nullable: new Set(columns.filter(([, column]) => !column.notNull).map(([key]) => key)),
  };
}

export const KINDS: readonly KindConfig[] = TYPED_ASSET_KINDS.map(buildKind);
