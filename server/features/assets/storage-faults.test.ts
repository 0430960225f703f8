import { execFileSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import S3rver from "s3rver";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { createStorage, type BlobStorage } from "../../lib/storage";
import { startTestApp, type TestApp } from "../../test/harness";
import { fileOf, fileRowsOf, keysUnder, sha256, storageUsedOf, upload } from "./test-files";

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

/**
 * A really full disk: a 4 MiB tmpfs when this process may mount one (root, as in CI); otherwise the kernel's own
 * /dev/full behind the local driver's put (every write answers ENOSPC), the "fs stub" of SECURITY-PLAN REL-04.
 */
async function fullDisk(): Promise<{ storage: BlobStorage; root: string; real: boolean }> {
  const root = await mkdtemp(path.join(os.tmpdir(), "hl-full-"));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", root], { stdio: "ignore" });
    cleanups.push(async () => {
      execFileSync("umount", [root], { stdio: "ignore" });
    });
    return { storage: createStorage({ driver: "local", root, fsync: false }), root, real: true };
  } catch {
    const local = createStorage({ driver: "local", root, fsync: false });
    const storage: BlobStorage = {
      ...local,
      async put(key, body) {
        if (!key.startsWith("staging/")) return local.put(key, body);
        await pipeline(body, createWriteStream("/dev/full"));
        throw new Error("unreachable: /dev/full accepted a write");
      },
    };
    return { storage, root, real: false };
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

    const small = fileOf("pdf", 64 * 1024);
    const ok = await upload(agent, [{ name: "fits.pdf", data: small }]);
    if (ok.status === 201) {
      const download = await agent.get(`/api/assets/${ok.body[0].id}/download`).buffer(true);
      expect(sha256(download.body as Buffer)).toBe(sha256(small));
    } else {
      // the /dev/full stand-in refuses every staged write; the real tmpfs has room for this one
      expect(ok.status).toBe(507);
    }
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
