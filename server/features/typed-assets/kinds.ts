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

export type TypedTable =
  | typeof intellectualProperty
  | typeof financialAssets
  | typeof physicalAssets
  | typeof digitalContent
  | typeof personalDocuments
  | typeof onlineAccounts;

type BodySchema = z.ZodType<Record<string, unknown>>;

/** Everything the one generic implementation needs to serve a kind. */
export type KindConfig = {
  kind: TypedAssetKind;
  table: TypedTable;
  /** The SQL table name: the sequence to draw ids from and the `table` part of each value's AAD. */
  tableName: string;
  apiPath: string;
  createSchema: BodySchema;
  updateSchema: BodySchema;
  /**
   * Body fields stored under another column when that column was not sent itself: the add dialog's `category`
   * is the type column (contract), a generic `value` is `currentValue`, and so on.
   */
  aliases: Record<string, string>;
  sensitive: readonly string[];
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

const NOT_WRITABLE = new Set(["id", "userId", "status", "createdAt", "updatedAt"]);

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
    writable: new Set(columns.map(([key]) => key)),
    nullable: new Set(columns.filter(([, column]) => !column.notNull).map(([key]) => key)),
  };
}

export const KINDS: readonly KindConfig[] = TYPED_ASSET_KINDS.map(buildKind);
