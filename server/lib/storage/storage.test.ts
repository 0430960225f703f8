import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptStream, encryptStream } from "../crypto/file-crypto";
import { createKeyring } from "../crypto/keyring";
import { removeStaleTempFiles } from "./local";
import {
  BlobNotFoundError,
  InvalidBlobKeyError,
  createStorage,
  newBlobKey,
  type BlobStorage,
  type StorageConfig,
} from "./index";

/** Streams `size` random bytes in 64 KiB pieces, optionally failing after `failAfter` bytes. */
function randomStream(size: number, failAfter?: number): { stream: Readable; sha256: () => string } {
  const hash = createHash("sha256");
  async function* pieces(): AsyncGenerator<Buffer> {
    for (let sent = 0; sent < size;) {
      if (failAfter !== undefined && sent >= failAfter) throw new Error("source failed half-way");
      const piece = randomBytes(Math.min(64 * 1024, size - sent));
      hash.update(piece);
      sent += piece.length;
      yield piece;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return { stream: Readable.from(pieces(), { objectMode: false }), sha256: () => hash.digest("hex") };
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; bytes: number; head: Buffer }> {
  const hash = createHash("sha256");
  let bytes = 0;
  let head = Buffer.alloc(0);
  for await (const chunk of stream) {
    const buf = chunk as Buffer;
    if (head.length < 8) head = Buffer.concat([head, buf.subarray(0, 8)]);
    hash.update(buf);
    bytes += buf.length;
  }
  return { sha256: hash.digest("hex"), bytes, head };
}

async function collectKeys(iterable: AsyncIterable<{ key: string; lastModified: Date }>): Promise<string[]> {
  const keys: string[] = [];
  for await (const item of iterable) {
    expect(item.lastModified).toBeInstanceOf(Date);
    keys.push(item.key);
  }
  return keys.sort();
}

/** The behaviour every driver must share; routes and jobs rely on exactly this. */
function describeBlobStorageContract(name: string, getStorage: () => BlobStorage): void {
  describe(`${name} blob storage contract`, () => {
    it("round-trips a 3 MB stream and reports its size", async () => {
      const storage = getStorage();
      const key = newBlobKey("staging");
      const source = randomStream(3_000_000);
      expect(await storage.put(key, source.stream)).toEqual({ bytes: 3_000_000 });
      expect(await storage.exists(key)).toBe(true);
      const read = await sha256Of(await storage.get(key));
      expect(read).toMatchObject({ bytes: 3_000_000, sha256: source.sha256() });
    });

    it("round-trips an empty blob and a 12 MB one (several multipart parts on S3)", async () => {
      const storage = getStorage();
      const empty = newBlobKey("blobs");
      expect(await storage.put(empty, Readable.from([], { objectMode: false }))).toEqual({ bytes: 0 });
      expect((await sha256Of(await storage.get(empty))).bytes).toBe(0);
      const big = newBlobKey("blobs");
      const source = randomStream(12 * 1024 * 1024);
      await storage.put(big, source.stream);
      expect((await sha256Of(await storage.get(big))).sha256).toBe(source.sha256());
    });

    it("throws BlobNotFoundError for a missing key and reports it as absent", async () => {
      const storage = getStorage();
      const key = newBlobKey("blobs");
      await expect(storage.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(storage.move(key, newBlobKey("blobs"))).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await storage.exists(key)).toBe(false);
    });

    it("moves a staged blob to its final key", async () => {
      const storage = getStorage();
      const [from, to] = [newBlobKey("staging"), newBlobKey("blobs")];
      const source = randomStream(100_000);
      await storage.put(from, source.stream);
      await storage.move(from, to);
      expect(await storage.exists(from)).toBe(false);
      expect((await sha256Of(await storage.get(to))).sha256).toBe(source.sha256());
    });

    it("deletes idempotently", async () => {
      const storage = getStorage();
      const key = newBlobKey("blobs");
      await storage.put(key, randomStream(10).stream);
      await storage.delete(key);
      await storage.delete(key);
      await storage.delete(newBlobKey("staging"));
      expect(await storage.exists(key)).toBe(false);
    });

    it("lists blobs by prefix", async () => {
      const storage = getStorage();
      const common = randomBytes(8).toString("hex");
      const staged = [0, 1].map(() => `staging/${common}${randomBytes(12).toString("hex")}`);
      const final = `blobs/${common}${randomBytes(12).toString("hex")}`;
      for (const key of [...staged, final]) await storage.put(key, randomStream(10).stream);
      expect(await collectKeys(storage.list(`staging/${common}`))).toEqual([...staged].sort());
      const allStaged = await collectKeys(storage.list("staging/"));
      expect(allStaged).toEqual(expect.arrayContaining(staged));
      expect(allStaged.every((key) => key.startsWith("staging/"))).toBe(true);
      expect(await collectKeys(storage.list(`blobs/${common}`))).toEqual([final]);
    });

    it.each([
      "../etc/passwd",
      "blobs/../../etc/passwd",
      `blobs/${"a".repeat(30)}/..`,
      `blobs/${"A".repeat(32)}`,
      `other/${"a".repeat(32)}`,
      `blobs/${"a".repeat(32)}\n`,
      `/blobs/${"a".repeat(32)}`,
      `blobs/${"a".repeat(65)}`,
      "",
    ])("refuses the key %j in every operation", async (bad) => {
      const storage = getStorage();
      const good = newBlobKey("blobs");
      await expect(storage.put(bad, randomStream(1).stream)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(storage.get(bad)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(storage.delete(bad)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(storage.exists(bad)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(storage.move(bad, good)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(storage.move(good, bad)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(collectKeys(storage.list(bad))).rejects.toBeInstanceOf(InvalidBlobKeyError);
    });

    it("leaves nothing behind when the source stream errors half-way (REL-04)", async () => {
      const storage = getStorage();
      for (const size of [3_000_000, 12 * 1024 * 1024]) {
        const key = newBlobKey("staging");
        await expect(storage.put(key, randomStream(size, size / 2).stream)).rejects.toThrow("source failed half-way");
        expect(await storage.exists(key)).toBe(false);
        await expect(storage.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      }
    });

    it("keeps the previous blob when an overwrite fails", async () => {
      const storage = getStorage();
      const key = newBlobKey("blobs");
      const first = randomStream(200_000);
      await storage.put(key, first.stream);
      await expect(storage.put(key, randomStream(3_000_000, 1_000_000).stream)).rejects.toThrow();
      expect((await sha256Of(await storage.get(key))).sha256).toBe(first.sha256());
    });

    it("stores an encrypted upload that is not recognisable and decrypts to the same bytes (UPL-08)", async () => {
      const storage = getStorage();
      const keyring = createKeyring({ keys: { k1: randomBytes(32) }, currentKid: "k1" });
      const plaintext = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(1_000_000)]);
      const key = newBlobKey("blobs");
      await storage.put(key, encryptStream(keyring, Readable.from([plaintext]), { fileId: "asset-1" }));
      const stored = await sha256Of(await storage.get(key));
      expect(stored.head.subarray(0, 4).toString("latin1")).not.toBe("%PDF");
      const read = await sha256Of(decryptStream(keyring, await storage.get(key), { fileId: "asset-1" }));
      expect(read.sha256).toBe(createHash("sha256").update(plaintext).digest("hex"));
    });
  });
}

describe("local driver", () => {
  let root = "";
  let storage: BlobStorage | undefined;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "heirloom-blobs-"));
    storage = createStorage({ driver: "local", root });
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  describeBlobStorageContract("local", () => storage ?? expect.unreachable("storage not started"));

  it("writes owner-only files and cleans its temp directory after a failed put", async () => {
    const key = newBlobKey("blobs");
    await storage?.put(key, randomStream(1000).stream);
    expect((await stat(path.join(root, key))).mode & 0o777).toBe(0o600);
    await expect(storage?.put(newBlobKey("blobs"), randomStream(500_000, 200_000).stream)).rejects.toThrow();
    expect(await readdir(path.join(root, ".tmp"))).toEqual([]);
    expect(await removeStaleTempFiles(root, 0)).toBe(0);
  });
});

describe("s3 driver against s3rver", () => {
  let dir = "";
  let server: S3rver | undefined;
  let storage: BlobStorage | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "heirloom-s3rver-"));
    server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: "heirloom-test" }],
    });
    const { port } = await server.run();
    const config: StorageConfig = {
      driver: "s3",
      bucket: "heirloom-test",
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    };
    storage = createStorage(config);
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  describeBlobStorageContract("s3", () => storage ?? expect.unreachable("storage not started"));
});
