import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { digitalAssets } from "@shared/schema";
import type { Db, DbOrTx, Tx } from "../../db";
import { ownerCountsOf } from "../../db/owner-counts";
import { preparedPerDb } from "../../db/prepared";

export type ListFileAssetsParams = { userId: number; limit: number; offset: number; q?: string; category?: string };

/** `%` and `_` in a search are literal characters, not wildcards (and `\` escapes itself). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Owner, committed, and the optional search and category: shared by the page and its total. */
function listFilter(p: ListFileAssetsParams): SQL {
  const search = p.q ? sql` and original_file_name ilike ${`%${escapeLike(p.q)}%`}` : sql``;
  const category = p.category ? sql` and category = ${p.category}` : sql``;
  return sql`user_id = ${p.userId} and status = 'committed'${search}${category}`;
}

type FileAssetPageRow = {
  id: number;
  original_file_name: string;
  mime_type: string;
  file_size: string | number;
  category: string;
  description: string | null;
  assigned_to_beneficiary: number | null;
  created_at: Date;
  total: string | number;
};

const pageColumns = {
  id: digitalAssets.id,
  originalFileName: digitalAssets.originalFileName,
  mimeType: digitalAssets.mimeType,
  fileSize: digitalAssets.fileSize,
  category: digitalAssets.category,
  description: digitalAssets.description,
  assignedToBeneficiary: digitalAssets.assignedToBeneficiary,
  createdAt: digitalAssets.createdAt,
};

const committedOf = (userId: ReturnType<typeof sql.placeholder>) =>
  and(eq(digitalAssets.userId, userId), eq(digitalAssets.status, "committed"));

/** The owner's count of committed uploads (all, or in the category placeholder), from owner_counts, as a column. */
const totalOf = (category: boolean) =>
  category
    ? sql<number>`(select case ${sql.placeholder("category")}::text
        when 'documents' then c.documents when 'images' then c.images when 'videos' then c.videos
        when 'intellectual_property' then c.ip_uploads else c.other_uploads end
        from owner_counts c where c.user_id = ${sql.placeholder("userId")})`.mapWith(Number)
    : sql<number>`(select c.files from owner_counts c where c.user_id = ${sql.placeholder("userId")})`.mapWith(Number);

/**
 * The unsearched pages, the hottest read of the feature: prepared (planned once per connection), one with a category
 * filter and one without, each row carrying the total from owner_counts, so a page is one round trip.
 */
const pageQuery = preparedPerDb((db) =>
  db
    .select({ ...pageColumns, total: totalOf(false) })
    .from(digitalAssets)
    .where(committedOf(sql.placeholder("userId")))
    .orderBy(desc(digitalAssets.createdAt), desc(digitalAssets.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("hl_file_assets_page"),
);
const categoryPageQuery = preparedPerDb((db) =>
  db
    .select({ ...pageColumns, total: totalOf(true) })
    .from(digitalAssets)
    .where(and(committedOf(sql.placeholder("userId")), eq(digitalAssets.category, sql.placeholder("category"))))
    .orderBy(desc(digitalAssets.createdAt), desc(digitalAssets.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("hl_file_assets_category_page"),
);

/** Which owner_counts field holds the number of committed uploads in each category. */
const CATEGORY_KEYS = {
  documents: "documents",
  images: "images",
  videos: "videos",
  intellectual_property: "ipUploads",
  other: "otherUploads",
} as const;

/**
 * One page of the owner's committed files, newest first, and the total for X-Total-Count. Without a search, one
 * prepared statement on the (user_id, created_at) index whose rows carry the total from owner_counts; only a page
 * past the end (no row to carry it) reads the counts on their own.
 */
export async function listFileAssetPage(db: Db, p: ListFileAssetsParams) {
  const key = p.category === undefined ? "files" : CATEGORY_KEYS[p.category as keyof typeof CATEGORY_KEYS];
  if (p.q || key === undefined) return searchFileAssetPage(db, p);
  const args = { userId: p.userId, limit: p.limit, offset: p.offset };
  const rows = p.category
    ? await categoryPageQuery(db).execute({ ...args, category: p.category })
    : await pageQuery(db).execute(args);
  const items = rows.map(({ total: _total, ...item }) => item);
  if (rows.length > 0) return { items, total: rows[0].total };
  return { items, total: p.offset === 0 ? 0 : ((await ownerCountsOf(db, p.userId))?.[key] ?? 0) };
}

/**
 * A searched page of the owner's committed files, newest first, and the total for X-Total-Count, in one statement (the
 * total is an uncounted-per-row InitPlan). Written as plain SQL because this is the hottest read of the feature:
 * the (user_id, created_at) index serves the order, and one round trip instead of two halves its latency. A
 * page past the end has no row to carry the total, so only then a second count runs.
 */
async function searchFileAssetPage(db: DbOrTx, p: ListFileAssetsParams) {
  const page = await db.execute<FileAssetPageRow>(sql`
    select id, original_file_name, mime_type, file_size, category, description, assigned_to_beneficiary, created_at,
      (select count(*) from digital_assets where ${listFilter(p)}) as total
    from digital_assets where ${listFilter(p)}
    order by created_at desc, id desc limit ${p.limit} offset ${p.offset}`);
  const items = page.rows.map((r) => ({
    id: r.id,
    originalFileName: r.original_file_name,
    mimeType: r.mime_type,
    fileSize: Number(r.file_size),
    category: r.category,
    description: r.description,
    assignedToBeneficiary: r.assigned_to_beneficiary,
    createdAt: new Date(r.created_at),
  }));
  if (page.rows.length > 0 || p.offset === 0) return { items, total: Number(page.rows[0]?.total ?? 0) };
  const count = await db.execute<{ n: string }>(sql`select count(*) as n from digital_assets where ${listFilter(p)}`);
  return { items, total: Number(count.rows[0]?.n ?? 0) };
}

/** The owner's committed file; another user's id and a missing id look the same (undefined → 404). */
export async function findOwnedFileAsset(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(digitalAssets)
    .where(and(eq(digitalAssets.id, id), eq(digitalAssets.userId, userId), eq(digitalAssets.status, "committed")))
    .limit(1);
  return row;
}

/**
 * Deletes the owner's row and answers what it held. Of two parallel deletes only one gets the row back (the
 * other waits on the row lock, then finds nothing), so the space is given back exactly once.
 */
export async function deleteOwnedFileAsset(tx: Tx, userId: number, id: number) {
  const [row] = await tx
    .delete(digitalAssets)
    .where(and(eq(digitalAssets.id, id), eq(digitalAssets.userId, userId), eq(digitalAssets.status, "committed")))
    .returning({ id: digitalAssets.id, storedSize: digitalAssets.storedSize, filePath: digitalAssets.filePath });
  return row;
}
