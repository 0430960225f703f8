import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "../../lib/app-error";
import { newBlobKey, type BlobStorage } from "../../lib/storage";

/** Spool chunk size: a random read costs at most one chunk, and one chunk is the most held in memory per reader. */
export const SPOOL_CHUNK_BYTES = 2 * 1024 * 1024;
const BLOCK = 16;

/**
 * An uploaded backup parked while it is read. A ZIP needs random access (its directory is at the end), so it cannot
 * be read straight off the request; but it holds the owner's files in plain text, which must never rest on disk. So
 * the spool is AES-256-CTR encrypted under a key that lives only in this object (CTR decrypts from any offset), cut
 * into 2 MiB `restore/` blobs of the ordinary blob storage: no new file paths, the same driver (disk or S3), and
 * the sweeper removes what a crash leaves behind (on the restore clock, so a slow restore keeps its spool). Integrity is not CTR's job here: each restored file's
 * SHA-256 is checked against backup.json.
 */
export type Spool = {
  size: number;
  /** Plaintext bytes [start, end) as a stream. */
  readRange(start: number, end: number): Readable;
  remove(): Promise<void>;
};

/** The CTR counter block at byte `offset` (a multiple of 16): the initial IV plus offset/16, 128-bit big-endian. */
function counterAt(iv: Buffer, offset: number): Buffer {
  const value = (BigInt(`0x${iv.toString("hex")}`) + BigInt(offset / BLOCK)) % (1n << 128n);
  return Buffer.from(value.toString(16).padStart(32, "0"), "hex");
}

function sizeLimit(maxBytes: number, tooLarge: () => AppError): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      callback(total > maxBytes ? tooLarge() : null, chunk);
    },
  });
}

async function readWhole(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * Streams `source` into an encrypted spool (never more than `maxBytes`: past it, the request fails with `tooLarge()`
 * at once). On any failure the chunks written so far are deleted and the error rethrown.
 */
export async function writeSpool(
  storage: BlobStorage,
  source: Readable,
  limits: { maxBytes: number; tooLarge: () => AppError },
): Promise<Spool> {
  const key = randomBytes(32);
  const iv = randomBytes(BLOCK);
  const keys: string[] = [];
  let size = 0;
  const removeAll = async () => {
    await Promise.allSettled(keys.map((k) => storage.delete(k)));
  };

  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    const blobKey = newBlobKey("restore");
    keys.push(blobKey);
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await storage.put(blobKey, Readable.from([data]));
  };
  try {
    await pipeline(
      source,
      sizeLimit(limits.maxBytes, limits.tooLarge),
      createCipheriv("aes-256-ctr", key, iv),
      async (encrypted: AsyncIterable<Buffer>) => {
        for await (const piece of encrypted) {
          for (let at = 0; at < piece.length;) {
            const take = Math.min(piece.length - at, SPOOL_CHUNK_BYTES - pendingBytes);
            pending.push(piece.subarray(at, at + take));
            pendingBytes += take;
            size += take;
            at += take;
            if (pendingBytes === SPOOL_CHUNK_BYTES) await flush();
          }
        }
        if (pendingBytes > 0) await flush();
      },
    );
  } catch (err) {
    await removeAll();
    throw err;
  }

  // One decrypted chunk is kept: a ZIP reader's many small reads (its directory, local headers) hit the same chunk.
  let cached: { index: number; data: Promise<Buffer> } | undefined;
  const chunk = (index: number): Promise<Buffer> => {
    if (cached?.index === index) return cached.data;
    const data = storage.get(keys[index]).then(async (stream) => {
      const decipher = createDecipheriv("aes-256-ctr", key, counterAt(iv, index * SPOOL_CHUNK_BYTES));
      return Buffer.concat([decipher.update(await readWhole(stream)), decipher.final()]);
    });
    cached = { index, data };
    data.catch(() => (cached?.data === data ? (cached = undefined) : undefined));
    return data;
  };

  return {
    size,
    readRange(start, end) {
      async function* bytes() {
        for (let index = Math.floor(start / SPOOL_CHUNK_BYTES); index * SPOOL_CHUNK_BYTES < end; index += 1) {
          const base = index * SPOOL_CHUNK_BYTES;
          const data = await chunk(index);
          yield data.subarray(Math.max(start - base, 0), Math.min(end - base, data.length));
        }
      }
      return Readable.from(bytes(), { objectMode: false });
    },
    remove: removeAll,
  };
}
