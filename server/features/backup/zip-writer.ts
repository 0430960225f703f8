import { once } from "node:events";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { crc32, createDeflateRaw } from "node:zlib";

/**
 * A streaming ZIP writer for the export, in place of archiver: every byte goes straight to the response with
 * backpressure, the CRC-32 is node:zlib's native one (archiver's JavaScript CRC and its three readable-stream
 * transforms per chunk cost as much as the decryption), and there are no dependencies to load. Entries are regular
 * files only (mode 0644, made by Unix): this writer cannot produce a directory, a symbolic link or a name it was not
 * given. Sizes and CRCs follow each entry in a data descriptor (general purpose bit 3), so nothing is buffered;
 * ZIP64 fields appear only where a value does not fit in 32 bits (an entry of 4 GiB or more, an offset beyond
 * 4 GiB, more than 65 535 entries).
 */
export type ZipEntry = {
  /** The entry path, `/`-separated; the caller has made it safe. */
  name: string;
  date: Date;
  /** Stored as is (already-compressed formats) or deflated at `deflateLevel`. */
  store: boolean;
  /** The plaintext size when known: an entry that may reach 4 GiB gets ZIP64 local sizes up front. */
  sizeHint?: number;
};

export type ZipWriter = {
  addBuffer(entry: ZipEntry, data: Buffer): Promise<void>;
  /** Consumes `source` to its end (or destroys it on failure or abort) before resolving. */
  addStream(entry: ZipEntry, source: Readable): Promise<void>;
  /** Writes the central directory; the caller ends the output. */
  finish(): Promise<void>;
  /** Bytes written so far. */
  readonly bytesWritten: number;
};

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END_OF_CENTRAL = 0x06054b50;
const ZIP64_EXTRA = 0x0001;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const METHOD_STORE = 0;
const METHOD_DEFLATE = 8;
const VERSION_DEFAULT = 20;
const VERSION_ZIP64 = 45;
const MADE_BY_UNIX = 3 << 8;
const REGULAR_FILE_0644 = (0o100644 << 16) >>> 0;
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;
/** Deflate can grow incompressible data a little; an entry this close to 4 GiB is written as ZIP64 from the start. */
const ZIP64_FROM = MAX_32 - 64 * 1024 * 1024;

type Written = ZipEntry & { offset: number; crc: number; compressedSize: number; size: number; isZip64: boolean };

/** MS-DOS date and time (local time, 2-second resolution, 1980–2107), as ZIP tools read them. */
function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1);
  const day = ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return { time, day };
}

function localHeader(entry: ZipEntry, name: Buffer, isZip64: boolean): Buffer {
  const head = Buffer.alloc(30 + name.length + (isZip64 ? 20 : 0));
  const { time, day } = dosDateTime(entry.date);
  head.writeUInt32LE(LOCAL_HEADER, 0);
  head.writeUInt16LE(isZip64 ? VERSION_ZIP64 : VERSION_DEFAULT, 4);
  head.writeUInt16LE(FLAG_DESCRIPTOR | FLAG_UTF8, 6);
  head.writeUInt16LE(entry.store ? METHOD_STORE : METHOD_DEFLATE, 8);
  head.writeUInt16LE(time, 10);
  head.writeUInt16LE(day, 12);
  // CRC and sizes (14–25) are zero here: they follow the data in its descriptor.
  if (isZip64) {
    head.writeUInt32LE(MAX_32, 18);
    head.writeUInt32LE(MAX_32, 22);
  }
  head.writeUInt16LE(name.length, 26);
  head.writeUInt16LE(isZip64 ? 20 : 0, 28);
  name.copy(head, 30);
  if (isZip64) {
    head.writeUInt16LE(ZIP64_EXTRA, 30 + name.length);
    head.writeUInt16LE(16, 32 + name.length); // both sizes 0 here, in the descriptor after the data
  }
  return head;
}

function dataDescriptor(e: Written): Buffer {
  const out = Buffer.alloc(e.isZip64 ? 24 : 16);
  out.writeUInt32LE(DATA_DESCRIPTOR, 0);
  out.writeUInt32LE(e.crc, 4);
  if (e.isZip64) {
    out.writeBigUInt64LE(BigInt(e.compressedSize), 8);
    out.writeBigUInt64LE(BigInt(e.size), 16);
  } else {
    out.writeUInt32LE(e.compressedSize, 8);
    out.writeUInt32LE(e.size, 12);
  }
  return out;
}

function centralHeader(e: Written): Buffer {
  const name = Buffer.from(e.name, "utf8");
  const wide = [e.size, e.compressedSize, e.offset].map((v) => v >= MAX_32);
  const extraLength = wide.some(Boolean) ? 4 + 8 * wide.filter(Boolean).length : 0;
  const out = Buffer.alloc(46 + name.length + extraLength);
  const { time, day } = dosDateTime(e.date);
  const needs = e.isZip64 || extraLength > 0 ? VERSION_ZIP64 : VERSION_DEFAULT;
  out.writeUInt32LE(CENTRAL_HEADER, 0);
  out.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 4);
  out.writeUInt16LE(needs, 6);
  out.writeUInt16LE(FLAG_DESCRIPTOR | FLAG_UTF8, 8);
  out.writeUInt16LE(e.store ? METHOD_STORE : METHOD_DEFLATE, 10);
  out.writeUInt16LE(time, 12);
  out.writeUInt16LE(day, 14);
  out.writeUInt32LE(e.crc, 16);
  out.writeUInt32LE(wide[1] ? MAX_32 : e.compressedSize, 20);
  out.writeUInt32LE(wide[0] ? MAX_32 : e.size, 24);
  out.writeUInt16LE(name.length, 28);
  out.writeUInt16LE(extraLength, 30);
  // comment length, disk number, internal attributes: 0
  out.writeUInt32LE(REGULAR_FILE_0644, 38);
  out.writeUInt32LE(wide[2] ? MAX_32 : e.offset, 42);
  name.copy(out, 46);
  if (extraLength > 0) {
    let at = 46 + name.length;
    at = out.writeUInt16LE(ZIP64_EXTRA, at);
    at = out.writeUInt16LE(extraLength - 4, at);
    // the order the format fixes: size, compressed size, offset — each only when its 32-bit field overflowed
    if (wide[0]) at = out.writeBigUInt64LE(BigInt(e.size), at);
    if (wide[1]) at = out.writeBigUInt64LE(BigInt(e.compressedSize), at);
    if (wide[2]) out.writeBigUInt64LE(BigInt(e.offset), at);
  }
  return out;
}

function endRecords(count: number, centralOffset: number, centralSize: number, zip64EndOffset: number): Buffer {
  const isZip64 = count > MAX_16 || centralOffset >= MAX_32 || centralSize >= MAX_32;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL, 0);
  end.writeUInt16LE(Math.min(count, MAX_16), 8);
  end.writeUInt16LE(Math.min(count, MAX_16), 10);
  end.writeUInt32LE(Math.min(centralSize, MAX_32), 12);
  end.writeUInt32LE(Math.min(centralOffset, MAX_32), 16);
  if (!isZip64) return end;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(ZIP64_END, 0);
  record.writeBigUInt64LE(44n, 4); // the size of the rest of this record
  record.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(centralSize), 40);
  record.writeBigUInt64LE(BigInt(centralOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(ZIP64_LOCATOR, 0);
  locator.writeBigUInt64LE(BigInt(zip64EndOffset), 8);
  locator.writeUInt32LE(1, 16); // total number of disks
  return Buffer.concat([record, locator, end]);
}

/**
 * Writes a ZIP to `out` (not ended here). `signal` stops a write waiting for the output to drain; a source that
 * fails (a blob that does not verify) rejects addStream with that error. `out` must not be written by anyone else.
 */
export function createZipWriter(out: Writable, options: { signal: AbortSignal; deflateLevel: number }): ZipWriter {
  const { signal } = options;
  const written: Written[] = [];
  let offset = 0;

  async function write(chunk: Buffer): Promise<void> {
    signal.throwIfAborted();
    offset += chunk.length;
    if (!out.write(chunk)) await once(out, "drain", { signal });
  }

  /** The header, then the body through `consume` (which counts and writes), then the descriptor. */
  async function addEntry(entry: ZipEntry, consume: (e: Written) => Promise<void>): Promise<void> {
    const isZip64 = (entry.sizeHint ?? 0) >= ZIP64_FROM;
    const e: Written = { ...entry, offset, crc: 0, compressedSize: 0, size: 0, isZip64 };
    await write(localHeader(entry, Buffer.from(entry.name, "utf8"), isZip64));
    const start = offset;
    await consume(e);
    e.compressedSize = offset - start;
    if (!isZip64 && (e.size >= MAX_32 || e.compressedSize >= MAX_32)) {
      throw new Error(`ZIP entry ${entry.name} reached 4 GiB without a ZIP64 size hint`);
    }
    await write(dataDescriptor(e));
    written.push(e);
  }

  /** Counts the plaintext and its CRC, passing the chunks on. */
  function plaintextOf(e: Written) {
    return async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        e.crc = crc32(chunk, e.crc);
        e.size += chunk.length;
        yield chunk;
      }
    };
  }
  async function writeAll(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) await write(chunk);
  }

  return {
    get bytesWritten() {
      return offset;
    },
    addBuffer(entry, data) {
      return addEntry(entry, async (e) => {
        e.crc = crc32(data);
        e.size = data.length;
        if (entry.store) return write(data);
        await pipeline([data], createDeflateRaw({ level: options.deflateLevel }), writeAll, { signal });
      });
    },
    async addStream(entry, source) {
      try {
        await addEntry(entry, async (e) => {
          if (entry.store) return pipeline(source, plaintextOf(e), writeAll, { signal });
          const deflate = createDeflateRaw({ level: options.deflateLevel });
          return pipeline(source, plaintextOf(e), deflate, writeAll, { signal });
        });
      } catch (err) {
        source.destroy(); // aborted before its data began: never leave the blob open
        throw err;
      }
    },
    async finish() {
      const centralOffset = offset;
      for (const e of written) await write(centralHeader(e));
      await write(endRecords(written.length, centralOffset, offset - centralOffset, offset));
    },
  };
}
