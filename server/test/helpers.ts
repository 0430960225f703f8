import { readdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { KINDS } from "../features/typed-assets/kinds";
import type { TestApp } from "./harness";

/**
 * Waits for something the server does after a request ended (a lease freed, a temp file removed, a process up),
 * polling every `every` ms; fails after `ms`. Only for work outside the fake clock's reach (I/O, other processes).
 */
export async function until(check: () => boolean | Promise<boolean>, ms = 10_000, every = 25): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("the server did not get there in time");
    await new Promise((r) => setTimeout(r, every));
  }
}

/**
 * `n` calls of `fn` at once on real PostgreSQL; one after another on the embedded engine, which runs one transaction
 * at a time (SECURITY-PLAN §1: real races need real PostgreSQL).
 */
export async function burst<T>(n: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  if (process.env.TEST_DATABASE_URL) return Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
  const out: T[] = [];
  for (let i = 0; i < n; i += 1) out.push(await fn(i));
  return out;
}

/** The text of a PDF, whitespace flattened (wrapped lines come back as line breaks). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}

/** The user's job leases (uploads, exports, restores), or those of one kind. */
export async function leaseRows(t: TestApp, userId: number, kind?: string): Promise<number> {
  const rows = await t.db.execute(
    kind
      ? sql`select count(*)::int as n from job_leases where user_id = ${userId} and kind = ${kind}`
      : sql`select count(*)::int as n from job_leases where user_id = ${userId}`,
  );
  return Number(rows.rows[0].n);
}

/** The temp files of the local blob store (`blobs/.tmp`): a refused or aborted write must leave none. */
export async function tmpFiles(t: TestApp): Promise<string[]> {
  return readdir(path.join(t.dataDir, "blobs", ".tmp")).catch(() => [] as string[]);
}

/** The SQL tables of the six typed-asset kinds, in `KINDS` order (files are `digital_assets`). */
export const TYPED_ASSET_TABLES: readonly string[] = KINDS.map((kind) => kind.tableName);
