import { sql, type SQL } from "drizzle-orm";
import type { AssetKind } from "@shared/asset-types";
import type { DbOrTx } from "../../db";

/** One UNION ALL branch: where a kind keeps its display title and its category. Constants, never user input. */
type Branch = { kind: AssetKind; table: string; title: string; category: string; isFile?: boolean };

/** The title and category columns are searched with ILIKE and shown: they must never be encrypted columns. */
export const BRANCHES: readonly Branch[] = [
  { kind: "digital_files", table: "digital_assets", title: "original_file_name", category: "category", isFile: true },
  { kind: "online_accounts", table: "online_accounts", title: "account_name", category: "account_type" },
  { kind: "intellectual_property", table: "intellectual_property", title: "title", category: "asset_type" },
  { kind: "financial_assets", table: "financial_assets", title: "title", category: "asset_type" },
  { kind: "physical_assets", table: "physical_assets", title: "title", category: "asset_type" },
  { kind: "digital_content", table: "digital_content", title: "title", category: "content_type" },
  { kind: "personal_documents", table: "personal_documents", title: "title", category: "document_type" },
];

export type AssetIndexParams = { userId: number; limit: number; offset: number; q?: string; kind?: AssetKind };

export type AssetIndexRow = {
  kind: AssetKind;
  id: number;
  title: string;
  category: string;
  assigned_to_beneficiary: number | null;
  file_size: string | number | null;
  mime_type: string | null;
  created_at: Date | string;
  total?: string | number;
};

/** Each branch is scoped by owner in its own WHERE (so each uses its (user_id, created_at) index). */
function branchSql(b: Branch, p: AssetIndexParams): SQL {
  const title = sql.identifier(b.title);
  const search = p.q ? sql` and ${title} ilike ${`%${p.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  const fileColumns = b.isFile ? sql`file_size, mime_type` : sql`null::bigint, null::varchar`;
  const committed = b.isFile ? sql` and status = 'committed'` : sql``;
  return sql`select ${b.kind}::text as kind, id, ${title}::text as title, ${sql.identifier(b.category)}::text as category,
    assigned_to_beneficiary, ${fileColumns}, created_at
    from ${sql.identifier(b.table)} where user_id = ${p.userId}${committed}${search}`;
}

function unionSql(p: AssetIndexParams): SQL {
  const branches = BRANCHES.filter((b) => !p.kind || b.kind === p.kind).map((b) => branchSql(b, p));
  return sql.join(branches, sql` union all `);
}

/**
 * One page of every asset the user owns, of every kind, newest first, with the total (window count, so one
 * statement; a second count runs only for a page past the end).
 */
export async function listAssetIndex(
  db: DbOrTx,
  p: AssetIndexParams,
): Promise<{ rows: AssetIndexRow[]; total: number }> {
  const page = await db.execute<AssetIndexRow>(sql`
    select items.*, count(*) over () as total from (${unionSql(p)}) as items
    order by created_at desc, kind, id desc
    limit ${p.limit} offset ${p.offset}`);
  if (page.rows.length > 0 || p.offset === 0) return { rows: page.rows, total: Number(page.rows[0]?.total ?? 0) };
  const count = await db.execute<{ n: string }>(sql`select count(*) as n from (${unionSql(p)}) as items`);
  return { rows: [], total: Number(count.rows[0]?.n ?? 0) };
}
