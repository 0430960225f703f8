import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Logger as DrizzleLogger } from "drizzle-orm/logger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@shared/schema";
import type { Db } from "../db";
import { listAssetIndex } from "../features/asset-index/asset-index.queries";
import { listFileAssetPage } from "../features/assets/assets.queries";
import { countBeneficiaries, listBeneficiariesPrepared } from "../features/beneficiaries/beneficiaries.queries";
import { dashboardCounts } from "../features/dashboard/dashboard.queries";
import { startTestApp, type TestApp } from "../test/harness";
import { TYPED_ASSET_TABLES } from "../test/helpers";

/**
 * The hot reads must find one owner's rows through an index on the owner column, never by reading every owner's
 * rows (issue 7: 100 000 assets must not slow a page down). The statements are captured from the real query
 * functions through drizzle's logger, then EXPLAINed with their own parameters. The tables hold many owners, as in
 * production, and are ANALYZEd, so the planner chooses honestly (no enable_seqscan tricks). PGlite is PostgreSQL's
 * own planner, so the same plans hold on both engines.
 */
const OWNERS = 20;
const FILES_PER_OWNER = 400;
const TYPED_PER_OWNER = 100;
const BENEFICIARIES_PER_OWNER = 100;
const OWNER_SCOPED = ["digital_assets", "beneficiaries", ...TYPED_ASSET_TABLES];
const OWNER_INDEXES = new Set([
  "digital_assets_user_created_idx",
  "digital_assets_user_category_idx",
  "beneficiaries_user_idx",
  "intellectual_property_user_idx",
  "financial_assets_user_idx",
  "physical_assets_user_idx",
  "digital_content_user_idx",
  "personal_documents_user_idx",
  "online_accounts_user_idx",
]);

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: PlanNode[] };
type Statement = { query: string; params: unknown[] };
type Access = { node: string; relation: string; index?: string };

/** The first index a node or its children use: a Bitmap Heap Scan names its table, its Bitmap Index Scan the index. */
function indexUnder(node: PlanNode): string | undefined {
  return node["Index Name"] ?? node.Plans?.map(indexUnder).find(Boolean);
}

function accesses(node: PlanNode, out: Access[] = []): Access[] {
  if (node["Relation Name"])
    out.push({ node: node["Node Type"], relation: node["Relation Name"], index: indexUnder(node) });
  for (const child of node.Plans ?? []) accesses(child, out);
  return out;
}

let app: TestApp;
let owner: number;

beforeAll(async () => {
  app = await startTestApp();
  const users = await app.db.execute<{ id: number }>(sql`
    insert into users (email) select 'owner' || g || '@example.com' from generate_series(1, ${OWNERS}) g returning id`);
  owner = users.rows[Math.floor(OWNERS / 2)].id;
  const ownerIds = sql.raw(users.rows.map((r) => r.id).join(","));
  await app.db.execute(sql`
    insert into digital_assets (user_id, file_name, original_file_name, file_size, stored_size, mime_type, category,
      file_path, status, created_at)
    select u, md5(u || '-' || g), 'scan-' || g || '.pdf', 1000, 1028, 'application/pdf',
      (array['documents','images','videos','intellectual_property','other'])[1 + g % 5], 'blobs/' || md5(u || ':' || g),
      'committed', now() - (g * 613 % 525600) * interval '1 minute'
    from unnest(array[${ownerIds}]) u, generate_series(1, ${FILES_PER_OWNER}) g`);
  const typed: [string, string, string][] = [
    ["intellectual_property", "asset_type, title", "'patent', 'Patent ' || g"],
    ["financial_assets", "asset_type, title, account_name", "'bank_account', 'Account ' || g, 'Bank'"],
    ["physical_assets", "asset_type, title, name", "'jewelry', 'Ring ' || g, 'Ring'"],
    ["digital_content", "content_type, title", "'photos', 'Album ' || g"],
    ["personal_documents", "document_type, title", "'passport', 'Document ' || g"],
    ["online_accounts", "account_name, account_type, title", "'Account ' || g, 'email', 'Mailbox ' || g"],
  ];
  for (const [table, columns, values] of typed)
    await app.db.execute(
      sql.raw(`insert into ${table} (user_id, ${columns}, created_at)
        select u, ${values}, now() - (g * 347 % 525600) * interval '1 minute'
        from unnest(array[${users.rows.map((r) => r.id).join(",")}]) u, generate_series(1, ${TYPED_PER_OWNER}) g`),
    );
  await app.db.execute(sql`
    insert into beneficiaries (user_id, first_name, last_name, email, relationship, created_at)
    select u, 'First' || g, 'Last' || g, 'b' || g || '.' || u || '@example.com', 'friend', now() - g * interval '1 hour'
    from unnest(array[${ownerIds}]) u, generate_series(1, ${BENEFICIARIES_PER_OWNER}) g`);
  // What autovacuum does shortly after a bulk load; without statistics the planner guesses.
  for (const table of [...OWNER_SCOPED, "users"]) await app.db.execute(sql.raw(`analyze ${table}`));
});

afterAll(async () => {
  await app?.close();
});

/** Runs `read` against a drizzle handle on the app's pool that records every statement, then EXPLAINs each one. */
async function plansOf(read: (db: Db) => Promise<unknown>): Promise<{ statement: Statement; access: Access[] }[]> {
  const statements: Statement[] = [];
  const logger: DrizzleLogger = { logQuery: (query, params) => void statements.push({ query, params }) };
  await read(drizzle(app.pool, { schema, logger }));
  expect(statements.length).toBeGreaterThan(0);
  const plans = [];
  for (const statement of statements) {
    const res = await app.pool.query<{ "QUERY PLAN": [{ Plan: PlanNode }] | string }>(
      `explain (format json) ${statement.query}`,
      statement.params,
    );
    const raw = res.rows[0]["QUERY PLAN"];
    const [root] = typeof raw === "string" ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw;
    plans.push({ statement, access: accesses(root.Plan) });
  }
  return plans;
}

/** Every read of an owner-scoped table goes through that table's owner index; none reads the whole table. */
function expectOwnerIndexes(plans: { access: Access[] }[], tables: string[]) {
  const reads = plans.flatMap((p) => p.access).filter((a) => OWNER_SCOPED.includes(a.relation));
  expect(reads.filter((a) => a.node === "Seq Scan")).toEqual([]);
  expect(reads.filter((a) => !a.index || !OWNER_INDEXES.has(a.index))).toEqual([]);
  expect([...new Set(reads.map((a) => a.relation))].sort()).toEqual([...tables].sort());
}

describe("hot queries on a table of many owners", () => {
  it("reads one page of files and its total through digital_assets' owner index", async () => {
    const plans = await plansOf((db) => listFileAssetPage(db, { userId: owner, limit: 5, offset: 0 }));
    expectOwnerIndexes(plans, ["digital_assets"]);
  });

  it("reads a category's files through an owner index", async () => {
    const plans = await plansOf((db) =>
      listFileAssetPage(db, { userId: owner, limit: 50, offset: 0, category: "images" }),
    );
    expectOwnerIndexes(plans, ["digital_assets"]);
  });

  it("reads a page of the beneficiary list, a search of it and its count through the owner index", async () => {
    const plans = await plansOf(async (db) => {
      await listBeneficiariesPrepared(db, { userId: owner, limit: 50, offset: 0 });
      await listBeneficiariesPrepared(db, { userId: owner, limit: 50, offset: 0, q: "abena sister" });
      await countBeneficiaries(db, owner);
    });
    expectOwnerIndexes(plans, ["beneficiaries"]);
  });

  it("reads every dashboard figure from the owner's two rows (users, owner_counts), counting no owned table", async () => {
    const plans = await plansOf((db) => dashboardCounts(db, owner));
    const reads = plans.flatMap((p) => p.access);
    expect(reads.map((a) => a.relation).sort()).toEqual(["owner_counts", "users"]);
    expect(reads.find((a) => a.relation === "owner_counts")?.index).toBe("owner_counts_pkey");
    // (users is a handful of rows here, which the planner may simply read; in production it is a primary-key hit)
  });

  it("reads a page of the asset index of all seven kinds through each kind's owner index", async () => {
    const plans = await plansOf((db) => listAssetIndex(db, { userId: owner, limit: 20, offset: 0 }));
    expectOwnerIndexes(
      plans,
      OWNER_SCOPED.filter((t) => t !== "beneficiaries"),
    );
  });
});
