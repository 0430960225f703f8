import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, opendir, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BlobNotFoundError, assertBlobKey, assertListPrefix, type BlobStorage } from "./types";

export type LocalStorageOptions = {
  /** Directory that holds `staging/`, `restore/`, `blobs/` and `.tmp/` (the contract's `DATA_DIR/blobs`). */
  root: string;
  /**
   * fsync each blob (and its directory) before put() resolves, so an acknowledged upload survives a power
   * cut. Default true; tests may turn it off for speed.
   */
  fsync?: boolean;
};

const TMP_DIR = ".tmp";
const HEX_NAME = /^[a-f0-9]{32,64}$/;

/**
 * Blob storage on the local disk for the embedded mode. Writes go to `.tmp/` under the same root and are
 * renamed into place, so a crash or failed upload never leaves a half-written blob under a real key.
 */
export function createLocalStorage(options: LocalStorageOptions): BlobStorage {
  const root = path.resolve(options.root);
  const shouldSync = options.fsync ?? true;
  // Safe to join: assertBlobKey allows only `(staging|restore|blobs)/<hex>`.
  const pathFor = (key: string) => path.join(root, key);

  return {
    async put(key, body) {
      assertBlobKey(key);
      const target = pathFor(key);
      const tmpDir = path.join(root, TMP_DIR);
      const tmp = path.join(tmpDir, `${randomBytes(16).toString("hex")}.tmp`);
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          callback(null, chunk);
        },
      });
      // The body may fail while the folders are being made (a file refused in its first bytes); hold its error
      // until the pipeline takes over, rather than letting it go unhandled and crash the process.
      let earlyError: unknown;
      const holdEarly = (err: unknown) => {
        earlyError ??= err;
      };
      body.on("error", holdEarly);
      try {
        await mkdir(tmpDir, { recursive: true, mode: 0o700 });
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        body.off("error", holdEarly);
        if (earlyError) throw earlyError;
        // `flush` fsyncs before the stream closes; "wx" refuses to follow a planted file or symlink.
        await pipeline(body, counter, createWriteStream(tmp, { flags: "wx", mode: 0o600, flush: shouldSync }));
        await rename(tmp, target);
        if (shouldSync) await syncDirectory(path.dirname(target));
      } catch (err) {
        body.off("error", holdEarly);
        if (!body.destroyed) body.destroy();
        await rm(tmp, { force: true });
        throw err;
      }
      return { bytes };
    },

    async get(key) {
      assertBlobKey(key);
      try {
        const file = await open(pathFor(key), "r");
        return file.createReadStream();
      } catch (err) {
        if (isErrno(err, "ENOENT")) throw new BlobNotFoundError(key);
        throw err;
      }
    },

    async delete(key) {
      assertBlobKey(key);
      try {
        await unlink(pathFor(key));
      } catch (err) {
        if (!isErrno(err, "ENOENT")) throw err;
      }
    },

    async move(fromKey, toKey) {
      assertBlobKey(fromKey);
      assertBlobKey(toKey);
      const target = pathFor(toKey);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      try {
        await rename(pathFor(fromKey), target);
      } catch (err) {
        if (isErrno(err, "ENOENT")) throw new BlobNotFoundError(fromKey);
        throw err;
      }
      if (shouldSync) await syncDirectory(path.dirname(target));
    },

    async *list(prefix) {
      assertListPrefix(prefix);
      const [folder, namePrefix = ""] = prefix.split("/");
      let dir;
      try {
        dir = await opendir(path.join(root, folder));
      } catch (err) {
        if (isErrno(err, "ENOENT")) return;
        throw err;
      }
      // opendir streams the entries: a folder with many blobs is never read into one array.
      for await (const entry of dir) {
        if (!entry.isFile() || !HEX_NAME.test(entry.name) || !entry.name.startsWith(namePrefix)) continue;
        try {
          const info = await stat(path.join(root, folder, entry.name));
          yield { key: `${folder}/${entry.name}`, lastModified: info.mtime };
        } catch (err) {
          if (!isErrno(err, "ENOENT")) throw err; // deleted while listing
        }
      }
    },

    async exists(key) {
      assertBlobKey(key);
      try {
        return (await stat(pathFor(key))).isFile();
      } catch (err) {
        if (isErrno(err, "ENOENT")) return false;
        throw err;
      }
    },
  };
}

/**
 * Removes temp files left by a crash in the middle of a put (a failed put cleans up after itself). Call it
 * at start-up; `olderThanMs` keeps the temp files of puts still running in another process.
 */
export async function removeStaleTempFiles(root: string, olderThanMs = 60 * 60 * 1000): Promise<number> {
  const tmpDir = path.join(path.resolve(root), TMP_DIR);
  let removed = 0;
  let dir;
  try {
    dir = await opendir(tmpDir);
  } catch (err) {
    if (isErrno(err, "ENOENT")) return 0;
    throw err;
  }
  for await (const entry of dir) {
    if (!entry.isFile() || !entry.name.endsWith(".tmp")) continue;
    const file = path.join(tmpDir, entry.name);
    const info = await stat(file).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > olderThanMs) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** A rename is only durable once the directory entry itself is flushed. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isErrno(err: unknown, code: string): boolean {
  return err instanceof Error && (err as NodeJS.ErrnoException).code === code;
}
