import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, recountStorage, type TestDatabase } from "./database";
import { Session, pdfOf, upload, type AssetDto, type UserDto } from "./http";
import {
  createSite,
  killLeftovers,
  removeSite,
  startServer,
  stopGracefully,
  type ServerProcess,
  type Site,
} from "./process";

/**
 * RACE-01/02/07 through the real process and real HTTP: parallel requests keep every invariant (one active will,
 * quota never exceeded, one delete credited once). They matter most on PostgreSQL (real concurrent transactions);
 * on the embedded engine they check the same invariants under its one-transaction-at-a-time guard.
 */

const MB = 1024 * 1024;

let db: TestDatabase;
let site: Site;
let server: ServerProcess | undefined;
const sessions: Session[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  site = await createSite(db.url);
  server = await startServer(site);
});

afterAll(async () => {
  await killLeftovers();
  await db?.drop();
  if (site) removeSite(site);
});

describe(`concurrent writes (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "embedded engine"})`, () => {
  it("10 parallel POST /api/digital-wills leave exactly one active will", async () => {
    const session = await Session.register(site.baseUrl, "Abena");
    sessions.push(session);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        session.fetch("/api/digital-wills", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ title: `Will ${i}`, content: `I leave everything to my family (version ${i}).` }),
        }),
      ),
    );
    for (const res of results) await res.arrayBuffer();
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const wills = await session.json<{ id: number; isActive: boolean }[]>("/api/digital-wills");
    expect(wills.status).toBe(200);
    expect(wills.body).toHaveLength(10);
    expect(wills.body.filter((w) => w.isActive)).toHaveLength(1);
  }, 30_000);

  it("6 parallel 3 MB uploads against a 10 MB quota: at most 3 succeed, the rest 402 or 429, usage never above the limit", async () => {
    const session = await Session.register(site.baseUrl, "Kwame");
    sessions.push(session);
    // A parallel upload of the same user is answered 429 before its body is read (one upload per user at a time).
    // This client sends `Connection: close`, so the server then closes the connection while the client is still
    // writing its 3 MB: the client may see EPIPE instead of the 429 ("ended early").
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        upload(session, pdfOf(3 * MB), `q${i}.pdf`).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== "EPIPE" && err.code !== "ECONNRESET") throw err;
          return { status: "ended early" as const };
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    const created = statuses.filter((s) => s === 201).length;
    // 402: no room left.
    expect(statuses.filter((s) => s !== 201 && s !== 402 && s !== 429 && s !== "ended early")).toEqual([]);
    expect(created).toBeGreaterThanOrEqual(1);
    expect(created).toBeLessThanOrEqual(3);
    const user = (await session.json<UserDto>("/api/user")).body;
    expect(user.storageUsed).toBeLessThanOrEqual(user.storageLimit);
    const list = (await session.json<AssetDto[]>("/api/assets")).body;
    expect(list).toHaveLength(created);
    // Encrypted size is a little above the plaintext: at least the plaintext, and far below a fourth file.
    expect(user.storageUsed).toBeGreaterThanOrEqual(created * 3 * MB);
    expect(user.storageUsed).toBeLessThan((created + 0.5) * 3 * MB);
  }, 45_000);

  it("5 parallel DELETEs of one file: one 204, four 404, usage released once", async () => {
    const session = await Session.register(site.baseUrl, "Esi");
    sessions.push(session);
    expect((await upload(session, pdfOf(200 * 1024), "keep.pdf")).status).toBe(201);
    const usedWithOne = (await session.json<UserDto>("/api/user")).body.storageUsed;
    expect((await upload(session, pdfOf(300 * 1024), "gone.pdf")).status).toBe(201);
    const list = (await session.json<AssetDto[]>("/api/assets")).body;
    const target = list.find((a) => a.originalFileName === "gone.pdf");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => session.fetch(`/api/assets/${target?.id}`, { method: "DELETE" })),
    );
    for (const res of results) await res.arrayBuffer();
    expect(results.map((r) => r.status).sort()).toEqual([204, 404, 404, 404, 404]);
    const after = (await session.json<UserDto>("/api/user")).body.storageUsed;
    expect(after).toBe(usedWithOne);
    expect((await session.json<AssetDto[]>("/api/assets")).body.map((a) => a.originalFileName)).toEqual(["keep.pdf"]);
  }, 30_000);

  it("afterwards every user's storage_used equals the recount of committed files, with nothing pending", async () => {
    if (server) expect(await stopGracefully(server)).toBe(0);
    server = undefined;
    const users = await recountStorage(db, site.dataDir);
    expect(users).toHaveLength(sessions.length);
    for (const user of users) {
      expect(user.pendingRows).toBe(0);
      expect(user.storageUsed).toBe(user.committedBytes);
      expect(user.storageUsed).toBeLessThanOrEqual(user.storageLimit);
    }
  }, 30_000);
});
