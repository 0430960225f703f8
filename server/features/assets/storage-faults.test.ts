import { execFileSync } from "node:child_process";
import { closeSync, openSync, writeSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import S3rver from "s3rver";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { createStorage, type BlobStorage } from "../../lib/storage";
import { startTestApp, type TestApp } from "../../test/harness";
import { fileOf, fileRowsOf, keysUnder, sha256, storageUsedOf, upload } from "../../test/files";

/** REL-04: the blob store fails during an upload or download → 507 (no room) or 503 (unavailable), nothing kept. */
let t: TestApp;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t.close();
});

/** The shared test database and deps with another blob store in place of the local disk. */
function appWith(storage: BlobStorage) {
  const app = createApp({ ...t.deps, storage }, { pruneSessions: false, spaDir: path.join(t.dataDir, "no-spa") });
  cleanups.push(() => app.close());
  return app;
}

async function signUp(app: ReturnType<typeof createApp>) {
  const agent = supertest.agent(app.app);
  const res = await agent
    .post("/api/register")
    .send({ email: t.uniqueEmail(), password: "Kente-Cloth-2026", firstName: "Yaw", lastName: "Boateng" });
  expect(res.status).toBe(201);
  return { agent, userId: (res.body as { id: number }).id };
}

const FULL_DISK_BYTES = 4 * 1024 * 1024;

/**
 * A really full disk: a 4 MiB tmpfs when this process may mount one (root, as in CI). Otherwise a 4 MiB disk of the
 * local driver's own: staged writes pass through a byte count, and the write that would go past 4 MiB goes to the
 * kernel's /dev/full instead, whose ENOSPC the driver then meets exactly as on a full disk (SECURITY-PLAN REL-04's
 * "fs stub"). Either way a file that fits after a refused one must be taken.
 */
async function fullDisk(): Promise<{ storage: BlobStorage; root: string }> {
  const root = await mkdtemp(path.join(os.tmpdir(), "hl-full-"));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${FULL_DISK_BYTES}`, "tmpfs", root], { stdio: "ignore" });
    cleanups.push(async () => {
      execFileSync("umount", [root], { stdio: "ignore" });
    });
    return { storage: createStorage({ driver: "local", root, fsync: false }), root };
  } catch {
    const local = createStorage({ driver: "local", root, fsync: false });
    let used = 0;
    const storage: BlobStorage = {
      ...local,
      async put(key, body) {
        if (!key.startsWith("staging/")) return local.put(key, body);
        let written = 0;
        const disk = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            if (used + written + chunk.length <= FULL_DISK_BYTES) {
              written += chunk.length;
              return callback(null, chunk);
            }
            const full = openSync("/dev/full", "w");
            try {
              writeSync(full, chunk);
              callback(new Error("unreachable: /dev/full accepted a write"));
            } catch (err) {
              callback(err as Error); // ENOSPC from the kernel
            } finally {
              closeSync(full);
            }
          },
        });
        body.on("error", (err) => disk.destroy(err));
        const result = await local.put(key, body.pipe(disk));
        used += written;
        return result;
      },
    };
    return { storage, root };
  }
}

describe("a full disk under the local driver", () => {
  it("answers 507 to an upload that does not fit, keeps no row, blob or temp file, and takes the next one that fits", async () => {
    const { storage, root } = await fullDisk();
    const app = appWith(storage);
    const { agent, userId } = await signUp(app);

    const res = await upload(agent, [{ name: "too-big.pdf", data: fileOf("pdf", 6 * 1024 * 1024) }]);
    expect(res.status).toBe(507);
    expect(res.body.message).toMatch(/storage is full/i);
    expect(await fileRowsOf(t, userId)).toBe(0);
    expect(await storageUsedOf(t, userId)).toBe(0);
    expect(await keysUnder(storage, "staging/")).toEqual([]);
    expect(await readdir(path.join(root, ".tmp")).catch(() => [])).toEqual([]);

    // the refused upload gave its space back: a file that fits is taken and reads back whole
    const small = fileOf("pdf", 64 * 1024);
    const ok = await upload(agent, [{ name: "fits.pdf", data: small }]);
    expect(ok.status).toBe(201);
    const download = await agent.get(`/api/assets/${ok.body[0].id}/download`).buffer(true);
    expect(download.status).toBe(200);
    expect(sha256(download.body as Buffer)).toBe(sha256(small));
    expect(await fileRowsOf(t, userId)).toBe(1);
  });
});

describe("an S3 service answering 500", () => {
  let failing = false;
  let storage: BlobStorage;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "hl-s3-fault-"));
    const s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: "assets" }],
    });
    const { port: s3Port } = await s3.run();
    // A switchable stand-in for S3 having a bad day: forwards to s3rver, or answers every request 500 InternalError.
    const proxy = http.createServer((req, res) => {
      if (failing) {
        req.resume();
        res.writeHead(500, { "Content-Type": "application/xml" });
        res.end(
          '<?xml version="1.0"?><Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>',
        );
        return;
      }
      const upstream = http.request(
        { host: "127.0.0.1", port: s3Port, path: req.url, method: req.method, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    cleanups.push(async () => {
      await new Promise((resolve) => proxy.close(resolve));
      await s3.close();
      await rm(dir, { recursive: true, force: true });
    });
    storage = createStorage({
      driver: "s3",
      bucket: "assets",
      endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    });
    app = appWith(storage);
  });

  it("answers 503 with Retry-After to uploads and downloads while S3 fails, changes nothing, and recovers", async () => {
    const { agent, userId } = await signUp(app);
    const kept = fileOf("pdf", 32 * 1024);
    const first = await upload(agent, [{ name: "kept.pdf", data: kept }]);
    expect(first.status).toBe(201);
    const usage = await storageUsedOf(t, userId);

    failing = true;
    try {
      const res = await upload(agent, [{ name: "during-outage.pdf", data: fileOf("pdf", 32 * 1024) }]);
      expect(res.status).toBe(503);
      expect(res.headers["retry-after"]).toBe("30");
      expect(res.body.message).toMatch(/storage is unavailable/i);
      const download = await agent.get(`/api/assets/${first.body[0].id}/download`);
      expect(download.status).toBe(503);
      expect(await fileRowsOf(t, userId)).toBe(1);
      expect(await storageUsedOf(t, userId)).toBe(usage);
    } finally {
      failing = false;
    }

    expect(await keysUnder(storage, "staging/")).toEqual([]);
    const download = await agent.get(`/api/assets/${first.body[0].id}/download`).buffer(true);
    expect(download.status).toBe(200);
    expect(sha256(download.body as Buffer)).toBe(sha256(kept));
    expect((await upload(agent, [{ name: "after.pdf", data: fileOf("pdf", 1024) }])).status).toBe(201);
  });
});
