import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, recountStorage, type TestDatabase } from "./database";
import { Session, pdfOf, sha256, streamUpload, upload, type AssetDto, type UserDto } from "./http";
import {
  crash,
  createSite,
  blobFolder,
  killLeftovers,
  removeSite,
  startServer,
  stopGracefully,
  waitFor,
  type ServerProcess,
  type Site,
} from "./process";

/**
 * REL-02 (crash mid-response) and REL-03 (graceful shutdown) against the real server process: SIGKILL in the
 * middle of a streamed download and of a backup export loses nothing; SIGTERM lets an in-flight upload finish
 * with 201, refuses new connections, and exits 0 without its grace timer cutting anything off.
 */

/** The file names in one blob folder (sorted; empty when the folder does not exist yet). */
function filesIn(site: Site, folder: "staging" | "blobs" | ".tmp"): string[] {
  const dir = blobFolder(site, folder);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
}

const MB = 1024 * 1024;

let db: TestDatabase;
let site: Site;
let server: ServerProcess;
let session: Session;
const files = new Map<string, string>(); // name → sha256 of what was uploaded

/** Opens a GET, reads its first chunk, then stops reading (backpressure holds the server mid-stream). */
function openAndStall(path: string): Promise<{ status: number; firstChunk: Buffer; closed: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, site.baseUrl), { agent: false, headers: { cookie: session.cookieHeader } });
    req.on("error", reject);
    req.setTimeout(20_000, () => req.destroy(new Error("no response")));
    req.on("response", (res) => {
      // A paused socket is not read, so it notices the server's death only once resumed.
      const closed = () => {
        const done = new Promise<void>((settle) => {
          if (res.socket.destroyed) settle();
          else res.socket.once("close", () => settle());
        });
        res.resume();
        return done;
      };
      res.on("error", () => undefined); // the connection dies with the server; that is the point
      res.once("data", (chunk: Buffer) => {
        res.pause();
        resolve({ status: res.statusCode ?? 0, firstChunk: chunk, closed });
      });
    });
  });
}

async function expectEverythingIntact() {
  const list = await session.json<AssetDto[]>("/api/assets");
  expect(list.status).toBe(200);
  expect(list.body.map((a) => a.originalFileName).sort()).toEqual([...files.keys()].sort());
  for (const asset of list.body) {
    const res = await session.fetch(`/api/assets/${asset.id}/download`);
    expect(res.status).toBe(200);
    expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(files.get(asset.originalFileName));
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  site = await createSite(db.url);
  server = await startServer(site);
  session = await Session.register(site.baseUrl, "Yaa");
  for (const [name, size] of [
    ["small.pdf", 100 * 1024],
    ["large.pdf", 6 * MB],
  ] as const) {
    const body = pdfOf(size);
    files.set(name, sha256(body));
    expect((await upload(session, body, name)).status).toBe(201);
  }
});

afterAll(async () => {
  await killLeftovers();
  await db?.drop();
  if (site) removeSite(site);
});

describe(`crash mid-response and graceful shutdown (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "embedded engine"})`, () => {
  it("SIGKILL in the middle of a 6 MB download: after restart the server is healthy and every file intact", async () => {
    const large = (await session.json<AssetDto[]>("/api/assets")).body.find((a) => a.originalFileName === "large.pdf");
    const stalled = await openAndStall(`/api/assets/${large?.id}/download`);
    expect(stalled.status).toBe(200);
    expect(stalled.firstChunk.subarray(0, 5).toString()).toBe("%PDF-");
    await crash(server);
    await stalled.closed();

    server = await startServer(site);
    expect((await fetch(`${site.baseUrl}/api/health`)).status).toBe(200);
    await expectEverythingIntact();
  }, 60_000);

  it("SIGKILL in the middle of a backup export: nothing lost, and the next export completes", async () => {
    const stalled = await openAndStall("/api/export/backup?format=zip");
    expect(stalled.status).toBe(200);
    expect(stalled.firstChunk.subarray(0, 2).toString()).toBe("PK");
    await crash(server);
    await stalled.closed();

    server = await startServer(site);
    await expectEverythingIntact();
    // At once on the embedded engine (the restarted server clears its own dead leases); on PostgreSQL, shared with
    // other processes, once the killed process's lease has run out (≤ 30 s, as Retry-After says).
    let again = await session.fetch("/api/export/backup?format=zip");
    if (process.env.TEST_DATABASE_URL) {
      expect(again.status).toBe(429);
      const wait = Number(again.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(30);
      await again.arrayBuffer();
      // Those seconds pass for the dead process's lease (and only for it: expiry is the database's own time).
      const aged = await db.query<{ kind: string }>(
        site.dataDir,
        "update job_leases set expires_at = now() - interval '1 second' where kind = 'export' returning kind",
      );
      expect(aged).toHaveLength(1);
      again = await session.fetch("/api/export/backup?format=zip");
    }
    expect(again.status).toBe(200);
    const zip = Buffer.from(await again.arrayBuffer());
    expect(zip.subarray(0, 2).toString()).toBe("PK");
    expect(zip.length).toBeGreaterThan(6 * MB); // the files travel in the archive
  }, 90_000);

  it("SIGTERM: the in-flight upload finishes with 201, new connections are refused, exit 0 without a forced close", async () => {
    const before = (await session.json<UserDto>("/api/user")).body.storageUsed;
    const body = pdfOf(2 * MB);
    // The client sends a quarter of the file, then holds the rest back until the test lets it go.
    const slow = streamUpload(session, body, { fileName: "slow.pdf", chunkBytes: 64 * 1024, holdAt: 512 * 1024 });
    await slow.held;
    expect(await waitFor(() => filesIn(site, ".tmp").length > 0, 10_000)).toBe(true);

    const exit = stopGracefully(server, 30_000);
    // The listener closes at once: a new connection is refused while the upload is still arriving.
    const refused = await waitFor(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = net.connect(site.port, "127.0.0.1");
          socket.once("connect", () => {
            socket.destroy();
            resolve(false);
          });
          socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED"));
        }),
      5_000,
      100,
    );
    expect(refused).toBe(true);
    expect(slow.sent()).toBeLessThan(body.length);

    slow.release();
    const answer = await slow.response;
    expect(answer.status).toBe(201);
    expect(await exit).toBe(0);
    // it finished on its own: the shutdown's grace timer never had to cut a connection
    expect(server.logs.join("")).not.toMatch(/did not finish in time/);
    files.set("slow.pdf", sha256(body));

    // The upload it finished is really there, committed and charged once.
    const [user] = await recountStorage(db, site.dataDir);
    expect(user).toMatchObject({ committedRows: 3, pendingRows: 0 });
    expect(user?.storageUsed).toBe(user?.committedBytes);
    expect(user?.storageUsed).toBeGreaterThan(before + body.length);
    server = await startServer(site);
    await expectEverythingIntact();
    expect(await stopGracefully(server)).toBe(0);
  }, 60_000);
});
