import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_FRAME_LENGTH } from "../../lib/crypto/file-crypto";
import { startTestApp, type TestApp } from "../../test/harness";
import { LEASE_MS } from "../../lib/user-locks";
import { rawUpload } from "../../test/raw-upload";
import {
  countStoredBytes,
  fileOf,
  fileRowsOf,
  keysUnder,
  listen,
  sessionCookie,
  storageUsedOf,
  upload,
} from "../../test/files";
import { UPLOAD_RUNNING } from "./upload-guards";
import { leaseRows, tmpFiles, until } from "../../test/helpers";
import { type Account } from "../../test/factories";

/**
 * Abuse before the quota check (issue 12): an upload stops as soon as its bytes pass the free storage it began with,
 * and a user runs one upload at a time (a lease taken before the body is read).
 */

const MB = 1024 * 1024;
const isRealPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  t = await startTestApp();
  server = await listen(t.app);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

async function account(): Promise<Account & { cookie: string }> {
  const signedUp = await t.signUp();
  return { ...signedUp, cookie: await sessionCookie(t, signedUp.user.email, signedUp.password) };
}

/** Nothing of a refused upload remains: no row, no usage, no staged blob or temp file, no lease. */
async function expectNothingLeft(userId: number, usage = 0) {
  expect(await fileRowsOf(t, userId)).toBe(0);
  expect(await storageUsedOf(t, userId)).toBe(usage);
  await until(async () => (await keysUnder(t.storage, "staging/")).length === 0 && (await tmpFiles(t)).length === 0);
  await until(async () => (await leaseRows(t, userId, "upload")) === 0);
}

/**
 * An upload that sends its headers and the first `bytes` of a PDF, then holds the connection open, as a slow client
 * does. Answers once the server holds the user's upload lease for it; `finish()` sends the rest and reads the answer.
 */
async function heldUpload(cookie: string, userId: number, bytes = MB) {
  const boundary = `----held${randomBytes(6).toString("hex")}`;
  const req = http.request({
    host: "127.0.0.1",
    port: server.port,
    method: "POST",
    path: "/api/assets/upload",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: cookie },
  });
  req.on("error", () => undefined); // destroyed by the test
  const answer = new Promise<{ status: number; body: string }>((resolve) => {
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString("utf8") }));
    });
  });
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\ndocuments\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="slow.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n`,
  );
  req.write(fileOf("pdf", bytes));
  await until(async () => (await leaseRows(t, userId, "upload")) === 1);
  return {
    abort: () => req.destroy(),
    finish(rest: Buffer) {
      req.end(Buffer.concat([rest, Buffer.from(`\r\n--${boundary}--\r\n`)]));
      return answer;
    },
  };
}

/**
 * A second upload that sends its headers — a 50 MB body announced — and nothing else: an answer can only come from
 * a server that decided before reading the body.
 */
function headersOnly(cookie: string): Promise<{ status: number; retryAfter?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: "127.0.0.1",
      port: server.port,
      method: "POST",
      path: "/api/assets/upload",
      headers: {
        "Content-Type": "multipart/form-data; boundary=----never",
        "Content-Length": String(50 * MB),
        Cookie: cookie,
      },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => {
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: res.headers["retry-after"],
          body: Buffer.concat(parts).toString("utf8"),
        });
        req.destroy();
      });
    });
    req.flushHeaders();
  });
}

describe("an upload stops as soon as it passes the free storage it began with", () => {
  it("refuses a 60 MB file to a 10 MB account after staging at most its free space: 402, nothing kept", async () => {
    const { user, cookie } = await account();
    const staged = countStoredBytes(t.storage, "staging/");
    try {
      const res = await rawUpload({ port: server.port, cookie, fileName: "scan.pdf", size: 60 * MB });
      expect(res).toMatchObject({ status: 402 });
      const { message } = JSON.parse((res as { body: string }).body) as { message: string };
      expect(message).toBe(
        "Not enough storage: these files need more than the 10.0 MB of your 10.0 MB that is free. " +
          "Upgrade your plan or buy more storage to lift this limit.",
      );
      // What reached the encryptor is bounded by the free space, not by the file: at most one more frame in flight.
      expect(staged.bytes).toBeLessThanOrEqual(10 * MB + 2 * FILE_FRAME_LENGTH);
    } finally {
      staged.stop();
    }
    await expectNothingLeft(user.id);
  });

  it("counts every file of one request together, against the free space left by the files already stored", async () => {
    const { agent, user } = await account();
    expect((await upload(agent, [{ name: "kept.pdf", data: fileOf("pdf", 4 * MB) }])).status).toBe(201);
    const usage = await storageUsedOf(t, user.id);
    const free = 10 * MB - usage; // a little under 6 MB
    const staged = countStoredBytes(t.storage, "staging/");
    try {
      const three = ["a", "b", "c"].map((n) => ({ name: `${n}.pdf`, data: fileOf("pdf", 3 * MB) }));
      const res = await upload(agent, three);
      expect(res.status).toBe(402);
      expect(res.body.message).toMatch(
        /^Not enough storage: these files need more than the 6\.0 MB of your 10\.0 MB that is free/,
      );
      expect(staged.bytes).toBeLessThanOrEqual(free + 2 * FILE_FRAME_LENGTH);
    } finally {
      staged.stop();
    }
    expect(await fileRowsOf(t, user.id)).toBe(1);
    expect(await storageUsedOf(t, user.id)).toBe(usage);
    await until(async () => (await keysUnder(t.storage, "staging/")).length === 0);
    expect((await agent.get("/api/assets")).body).toHaveLength(1);
  });

  it("still takes an upload that fits into what was free", async () => {
    const { agent, user } = await account();
    await t.db.execute(sql`update users set storage_limit = ${2 * MB} where id = ${user.id}`);
    const res = await upload(agent, [{ name: "fits.pdf", data: fileOf("pdf", MB) }]);
    expect(res.status, res.text).toBe(201);
    expect(await storageUsedOf(t, user.id)).toBeLessThanOrEqual(2 * MB);
  });
});

describe("one upload at a time per user", () => {
  it("refuses a second parallel upload with 429 and Retry-After before reading its body, then takes the next", async () => {
    const { agent, user, cookie } = await account();
    const first = await heldUpload(cookie, user.id);
    const second = await headersOnly(cookie);
    expect(second.status).toBe(429);
    expect(JSON.parse(second.body)).toEqual({ message: UPLOAD_RUNNING });
    expect(Number(second.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(second.retryAfter)).toBeLessThanOrEqual(LEASE_MS / 1000);
    // another user is not held up by it
    const other = await t.signUp();
    expect((await upload(other.agent, [{ name: "mine.pdf", data: fileOf("pdf") }])).status).toBe(201);

    first.abort(); // the held upload is aborted: its lease goes with it
    await expectNothingLeft(user.id);
    expect((await upload(agent, [{ name: "next.pdf", data: fileOf("pdf") }])).status).toBe(201);
  });

  it("frees the lease when an upload finishes or is refused, so the user's next upload goes through at once", async () => {
    const { agent, user } = await account();
    const pdf = (name: string, size = 2048) => [{ name, data: fileOf("pdf", size) }];
    expect((await upload(agent, pdf("one.pdf"))).status).toBe(201);
    expect((await upload(agent, [{ name: "fake.pdf", data: fileOf("html") }])).status).toBe(415);
    expect((await upload(agent, pdf("huge.pdf", 11 * MB))).status).toBe(402);
    expect((await upload(agent, pdf("two.pdf"), { category: "not-a-category" })).status).toBe(400);
    expect((await upload(agent, pdf("three.pdf"))).status).toBe(201);
    expect(await fileRowsOf(t, user.id)).toBe(2);
    expect(await leaseRows(t, user.id, "upload")).toBe(0);
  });

  it("holds across server processes: a second app instance on the same database refuses the parallel upload", async () => {
    const { createApp } = await import("../../app");
    const otherApp = createApp(t.deps, { pruneSessions: false, spaDir: path.join(t.dataDir, "no-spa") });
    const otherServer = await listen(otherApp.app);
    try {
      const { user, cookie } = await account();
      const first = await heldUpload(cookie, user.id);
      const res = await rawUpload({ port: otherServer.port, cookie, fileName: "two.pdf", size: 4096 });
      expect(res).toMatchObject({ status: 429 });
      first.abort();
      await expectNothingLeft(user.id);
      expect(await rawUpload({ port: otherServer.port, cookie, fileName: "two.pdf", size: 4096 })).toMatchObject({
        status: 201,
      });
    } finally {
      await otherServer.close();
      await otherApp.close();
    }
  });

  it("does not let a crashed holder's lease block the user once it has run out", async () => {
    const { agent, user } = await account();
    // A process that died mid-upload leaves its lease; until it runs out the user is told how long to wait.
    await t.db.execute(
      sql`insert into job_leases (user_id, kind, holder, expires_at)
          values (${user.id}, 'upload', 'crashed-process', now() + interval '20 seconds')`,
    );
    const blocked = await upload(agent, [{ name: "early.pdf", data: fileOf("pdf") }]);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(15);
    expect(Number(blocked.headers["retry-after"])).toBeLessThanOrEqual(20);
    // Its expiry passes (the lease's own clock is the database's): the next upload takes the lease over.
    await t.db.execute(
      sql`update job_leases set expires_at = now() - interval '1 millisecond'
          where user_id = ${user.id} and kind = 'upload'`,
    );
    expect((await upload(agent, [{ name: "later.pdf", data: fileOf("pdf") }])).status).toBe(201);
    expect(await leaseRows(t, user.id, "upload")).toBe(0);
  });
});

describe(`the quota reservation at commit stays the final guard (${isRealPostgres ? "PostgreSQL" : "embedded engine"})`, () => {
  it("refuses at commit when the free space shrank while the body streamed in (a restore committed meanwhile)", async () => {
    const { user, cookie } = await account();
    const held = await heldUpload(cookie, user.id, MB);
    // A restore of this user (its own lease kind) reserves 8 MB while the upload is still being read.
    await t.db.execute(sql`update users set storage_used = storage_used + ${8 * MB} where id = ${user.id}`);
    const res = await held.finish(randomBytes(2 * MB));
    expect(res.status).toBe(402);
    expect(JSON.parse(res.body).message).toMatch(/^Not enough storage: these files need 3\.0 MB and 2\.0 MB of your/);
    await expectNothingLeft(user.id, 8 * MB);
  });
});
