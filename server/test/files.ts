import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { pipeline, Transform } from "node:stream";
import type { AddressInfo } from "node:net";
import { ZipArchive } from "archiver";
import { sql } from "drizzle-orm";
import type { Express } from "express";
import type { Agent } from "supertest";
import type { TestApp } from "./harness";
import type { BlobStorage } from "../lib/storage";

/** Test-only builders of small files whose first bytes are what each accepted format really starts with. */
const MAGIC: Record<string, Buffer> = {
  pdf: Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n", "latin1"),
  // Signature, a 13-byte IHDR chunk with its CRC, then an IDAT chunk header: what file-type walks to say "png".
  png: Buffer.from(
    "89504e470d0a1a0a0000000d494844520000000100000001080600000000000000" + "00010000" + "49444154",
    "hex",
  ),
  // SOI, a JFIF APP0 segment, then a baseline frame header (SOF0) for 1 × 1 pixels with three components.
  jpg: Buffer.from("ffd8ffe000104a46494600010100000100010000" + "ffc0001108000100010301220002110103110100", "hex"),
  // Signature and a 1 × 1 logical screen.
  gif: Buffer.concat([Buffer.from("GIF89a", "latin1"), Buffer.from([1, 0, 1, 0])]),
  doc: Buffer.from("d0cf11e0a1b11ae1", "hex"),
  html: Buffer.from("<!doctype html><html><script>alert(1)</script></html>\n"),
  elf: Buffer.from("7f454c46020101000000000000000000", "hex"),
};

function ftyp(brand: string): Buffer {
  const box = Buffer.alloc(32);
  box.writeUInt32BE(24, 0);
  box.write("ftyp", 4);
  box.write(brand, 8);
  box.write(brand, 16);
  box.writeUInt32BE(8, 24);
  box.write("mdat", 28);
  return box;
}

const AVI = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0, 1, 0, 0]), Buffer.from("AVI LIST")]);

/** `size` bytes of the given kind: its magic prefix followed by random bytes. */
export function fileOf(
  kind: "pdf" | "png" | "jpg" | "gif" | "doc" | "html" | "elf" | "mp4" | "mov" | "avi",
  size = 2048,
) {
  const prefix = kind === "mp4" ? ftyp("isom") : kind === "mov" ? ftyp("qt  ") : kind === "avi" ? AVI : MAGIC[kind];
  return Buffer.concat([prefix, randomBytes(Math.max(0, size - prefix.length))]);
}

/** A PNG whose header declares width × height pixels (a pixel flood when large), followed by random bytes. */
export function pngOfSize(width: number, height: number, size = 2048): Buffer {
  const png = Buffer.from(MAGIC.png);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return Buffer.concat([png, randomBytes(Math.max(0, size - png.length))]);
}

/** A JPEG whose frame header comes after `padding` bytes of metadata segments (as EXIF and ICC profiles do). */
export function jpegWithMetadata(padding: number, width: number, height: number): Buffer {
  const segments: Buffer[] = [Buffer.from("ffd8", "hex")];
  for (let left = padding; left > 0; left -= 65_533) {
    const body = randomBytes(Math.min(65_533, left));
    const header = Buffer.from([0xff, 0xe1, 0, 0]);
    header.writeUInt16BE(body.length + 2, 2);
    segments.push(header, body);
  }
  const sof = Buffer.from("ffc0001108000100010301220002110103110100", "hex");
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  segments.push(sof, randomBytes(4096));
  return Buffer.concat(segments);
}

/** A minimal Word document: a zip whose [Content_Types].xml declares the main document part. */
export async function docxFile(): Promise<Buffer> {
  const zip = new ZipArchive();
  const chunks: Buffer[] = [];
  zip.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => zip.on("end", resolve));
  zip.append(
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    { name: "[Content_Types].xml" },
  );
  zip.append("<Relationships/>", { name: "_rels/.rels" });
  zip.append("<w:document/>", { name: "word/document.xml" });
  await zip.finalize();
  await ended;
  return Buffer.concat(chunks);
}

export const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

type UploadFile = { name: string; data: Buffer };

/** POST /api/assets/upload through supertest (buffers: for small files only). */
export function upload(agent: Agent, files: UploadFile[], fields: Record<string, string> = { category: "documents" }) {
  let req = agent.post("/api/assets/upload");
  for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
  for (const f of files) req = req.attach("files", f.data, f.name);
  return req;
}

/** Every key under a prefix, for "nothing was left behind" checks. */
export async function keysUnder(storage: BlobStorage, prefix: "staging/" | "restore/" | "blobs/"): Promise<string[]> {
  const keys: string[] = [];
  for await (const item of storage.list(prefix)) keys.push(item.key);
  return keys;
}

/** The app on a real loopback port, for raw streamed or aborted requests that supertest cannot make. */
export async function listen(app: Express): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A session cookie for raw requests: signs in again and keeps the cookie the server sets. */
export async function sessionCookie(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.request().post("/api/login").send({ email, password });
  const setCookie = res.headers["set-cookie"] as unknown as string[] | undefined;
  if (res.status !== 200 || !setCookie) throw new Error(`sign-in failed: ${res.status}`);
  return setCookie.map((c) => c.split(";")[0]).join("; ");
}

export async function storageUsedOf(t: TestApp, userId: number): Promise<number> {
  const rows = await t.db.execute(sql`select storage_used from users where id = ${userId}`);
  return Number(rows.rows[0].storage_used);
}

/** What the quota must always equal: the encrypted bytes of the user's rows. */
export async function storedBytesOf(t: TestApp, userId: number): Promise<number> {
  const rows = await t.db.execute(
    sql`select coalesce(sum(stored_size), 0)::bigint as n from digital_assets where user_id = ${userId}`,
  );
  return Number(rows.rows[0].n);
}

export async function fileRowsOf(t: TestApp, userId: number): Promise<number> {
  const rows = await t.db.execute(sql`select count(*)::int as n from digital_assets where user_id = ${userId}`);
  return Number(rows.rows[0].n);
}

/**
 * Counts the bytes a test app writes into blob storage under `prefix` (what a refused upload or restore cost the
 * server), by wrapping the real storage's put; `stop()` unwraps it.
 */
export function countStoredBytes(storage: BlobStorage, prefix: "staging/" | "restore/" | "blobs/") {
  const put = storage.put.bind(storage);
  const counted = { bytes: 0, stop: () => void (storage.put = put) };
  storage.put = (key, body) => {
    if (!key.startsWith(prefix)) return put(key, body);
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        counted.bytes += chunk.length;
        callback(null, chunk);
      },
    });
    pipeline(body, counter, () => undefined); // a source error destroys the counter, which fails the put as before
    return put(key, counter);
  };
  return counted;
}

/** Counts the bytes a test app reads back from blob storage under `prefix` (a restore reading its spool). */
export function countReadBytes(storage: BlobStorage, prefix: "staging/" | "restore/" | "blobs/") {
  const get = storage.get.bind(storage);
  const counted = { bytes: 0, stop: () => void (storage.get = get) };
  storage.get = async (key) => {
    const body = await get(key);
    if (!key.startsWith(prefix)) return body;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        counted.bytes += chunk.length;
        callback(null, chunk);
      },
    });
    pipeline(body, counter, () => undefined);
    return counter;
  };
  return counted;
}
