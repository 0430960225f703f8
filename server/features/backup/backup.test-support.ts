import { crc32, deflateRawSync } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Response } from "superagent";
import type { Agent } from "supertest";
import yauzl from "yauzl";
import type { BackupDocument } from "@shared/backup-format";
import type { TestApp } from "../../test/harness";
import { TYPED_ASSET_TABLES } from "../../test/helpers";

/**
 * Test-only helpers for the backup feature: downloads as bytes, ZIP reading and crafting (an estate to back up is
 * `buildEstate` in `server/test/factories.ts`).
 */

/** supertest leaves binary bodies unparsed; collect the bytes. */
export function binary(res: Response, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => cb(null, Buffer.concat(chunks)));
}

export function exportBackup(agent: Agent, format: string) {
  return agent.get(`/api/export/backup?format=${format}`).buffer(true).parse(binary);
}

export function importBackup(agent: Agent, data: Buffer, name: string, dryRun = false) {
  return agent.post(`/api/import/backup${dryRun ? "?dryRun=1" : ""}`).attach("file", data, name);
}

/**
 * A backup without what must differ between accounts or runs (ids, timestamps, the owner's profile, statuses the
 * restore resets), with beneficiary references replaced by the beneficiary's e-mail.
 */
export function comparable(doc: BackupDocument) {
  const emails = new Map(doc.beneficiaries.map((b) => [b.id, b.email]));
  const strip = (row: Record<string, unknown>) => {
    const { id: _id, createdAt: _c, updatedAt: _u, assignedToBeneficiary, ...rest } = row;
    return assignedToBeneficiary === undefined
      ? rest
      : { ...rest, assignee: emails.get(assignedToBeneficiary as number) ?? null };
  };
  const assets = Object.fromEntries(
    Object.entries(doc.assets).map(([kind, rows]) => [kind, (rows as Record<string, unknown>[]).map(strip)]),
  );
  return {
    beneficiaries: doc.beneficiaries.map((b) => strip({ ...b, status: undefined })),
    wills: doc.wills.map((w) => strip(w)),
    assets,
    trustedParties: (doc.trustedParties ?? []).map((p) => strip({ ...p, status: undefined })),
    estateDistribution: doc.estateDistribution ?? null,
  };
}

/** Entry names of a ZIP (read from its central directory), in archive order. */
export async function zipEntries(zip: Buffer): Promise<{ name: string; data: Buffer; isStored: boolean }[]> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true, strictFileNames: true });
  const out: { name: string; data: Buffer; isStored: boolean }[] = [];
  for await (const entry of file.eachEntry()) {
    const stream = await file.openReadStreamPromise(entry);
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    out.push({ name: entry.fileName, data: Buffer.concat(parts), isStored: entry.compressionMethod === 0 });
  }
  return out;
}

export type CraftedEntry = {
  name: string;
  data?: Buffer;
  /** Deflate `data` (method 8); stored otherwise. */
  deflate?: boolean;
  /** Lie about the unpacked size in the headers (zip bombs). */
  declaredSize?: number;
  symlink?: boolean;
};

/**
 * A ZIP written byte by byte, so a test can build what archiver refuses to: `../` and absolute names, symbolic
 * links, sizes that lie, 10 001 entries.
 */
export function craftZip(entries: CraftedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = entry.data ?? Buffer.alloc(0);
    const body = entry.deflate ? deflateRawSync(raw) : raw;
    const name = Buffer.from(entry.name, "utf8");
    const crc = crc32(raw) >>> 0;
    const size = entry.declaredSize ?? raw.length;
    const method = entry.deflate ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made on Unix, so the mode bits below count
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.symlink ? 0o120777 : 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Row counts of everything a restore writes, for "nothing was created" checks. */
export async function ownedCounts(t: TestApp, userId: number) {
  const tables = ["beneficiaries", "digital_wills", "digital_assets", ...TYPED_ASSET_TABLES];
  const out: Record<string, number> = {};
  for (const table of tables) {
    const result = await t.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
    );
    out[table] = Number(result.rows[0].n);
  }
  const used = await t.db.execute(sql`select storage_used from users where id = ${userId}`);
  out.storageUsed = Number(used.rows[0].storage_used);
  return out;
}

export function parseJson(body: Buffer): BackupDocument {
  return JSON.parse(body.toString("utf8")) as BackupDocument;
}
