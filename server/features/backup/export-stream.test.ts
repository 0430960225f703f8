import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { startTestApp, type TestApp } from "../../test/harness";
import { fileOf, listen, sessionCookie, upload } from "../../test/files";
import { exportBackup, importBackup, zipEntries } from "./backup.test-support";
import { leaseRows, until } from "../../test/helpers";
import { setPlan } from "../../test/factories";

let t: TestApp;
let server: Awaited<ReturnType<typeof listen>>;
let account: Awaited<ReturnType<TestApp["signUp"]>>;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp();
  server = await listen(t.app);
  account = await t.signUp();
  await setPlan(t, account.user.id, "basic_premium");
  // 24 MB of incompressible files: far more than the socket buffers, so a paused client really stalls the export
  for (let i = 0; i < 4; i += 1) {
    const res = await upload(account.agent, [{ name: `scan-${i}.pdf`, data: fileOf("pdf", 6 * 1024 * 1024) }]);
    expect(res.status).toBe(201);
  }
  cookie = await sessionCookie(t, account.user.email, account.password);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

/** A raw GET that resolves with the response (headers in, body unread) and the request to destroy. */
function rawGet(path: string): Promise<{ res: http.IncomingMessage; req: http.ClientRequest }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: server.port, path, headers: { Cookie: cookie } }, (res) =>
      resolve({ res, req }),
    );
    req.on("error", reject);
  });
}

async function history() {
  return (await account.agent.get("/api/export/history")).body as { count: number; isRunning: boolean };
}

const openFds = () => fs.readdirSync("/proc/self/fd").length;

describe("ZIP export streaming", () => {
  it("starts the download before the archive is finished, and records it once complete", async () => {
    const before = (await history()).count;
    const { res } = await rawGet("/api/export/backup?format=zip");
    expect(res.statusCode).toBe(200);
    expect(res.headers["transfer-encoding"]).toBe("chunked");
    const first: Buffer = await new Promise((resolve) => res.once("data", resolve));
    expect(first.subarray(0, 4).toString("latin1")).toBe("PK\x03\x04");
    expect(await history()).toMatchObject({ count: before, isRunning: true });
    res.resume();
    await new Promise((resolve) => res.on("end", resolve));
    await until(async () => (await history()).count === before + 1);
  });

  it("refuses a second export of the same user while one is streaming", async () => {
    const { res, req } = await rawGet("/api/export/backup?format=zip");
    res.pause(); // a slow client: the export stalls on backpressure
    const second = await account.agent.get("/api/export/backup?format=json");
    expect(second.status).toBe(429);
    expect(second.body.message).toBe("An export is already running");
    req.destroy();
    await until(async () => !(await history()).isRunning);
  });

  it("aborts the archive when the client disconnects, closes the blob streams, and serves the next export", async () => {
    const baseline = openFds();
    const exportsBefore = (await history()).count;
    const { res, req } = await rawGet("/api/export/backup?format=zip");
    await new Promise((resolve) => res.once("data", resolve));
    req.destroy();
    await until(async () => !(await history()).isRunning);
    await until(async () => openFds() <= baseline);
    expect((await history()).count).toBe(exportsBefore); // an aborted download is not a backup
    expect((await t.request().get("/api/health")).status).toBe(200);
    const next = await exportBackup(account.agent, "zip");
    expect(next.status).toBe(200);
    const names = (await zipEntries(next.body as Buffer)).map((e) => e.name);
    expect(names).toHaveLength(6);
  });
});

describe("exports one after another", () => {
  it("serves the next export the moment the previous one's last byte arrived", async () => {
    for (const format of ["json", "pdf", "json", "zip", "json"] as const) {
      expect((await exportBackup(account.agent, format)).status).toBe(200);
    }
  });
});

describe("one export per user across server processes", () => {
  it("refuses a second export from another app instance on the same database while the first streams", async () => {
    const other = createApp(t.deps, { pruneSessions: false, spaDir: path.join(t.dataDir, "no-spa") });
    try {
      const { res, req } = await rawGet("/api/export/backup?format=zip");
      res.pause();
      const second = await supertest(other.app).get("/api/export/backup?format=json").set("Cookie", cookie);
      expect(second.status).toBe(429);
      expect(second.body.message).toBe("An export is already running");
      req.destroy();
      await until(async () => !(await history()).isRunning);
      expect((await supertest(other.app).get("/api/export/backup?format=json").set("Cookie", cookie)).status).toBe(200);
      await until(async () => (await leaseRows(t, account.user.id)) === 0);
    } finally {
      await other.close();
    }
  });

  it("does not let a crashed holder's lease block the user once it has run out", async () => {
    await until(async () => (await leaseRows(t, account.user.id)) === 0);
    await t.db.execute(
      sql`insert into job_leases (user_id, kind, holder, expires_at)
          values (${account.user.id}, 'export', 'crashed-process', now() - interval '1 second')`,
    );
    expect(await history()).toMatchObject({ isRunning: false });
    expect((await exportBackup(account.agent, "json")).status).toBe(200);
    // taken over, then released (the release follows the response's last byte)
    await until(async () => (await leaseRows(t, account.user.id)) === 0);
  });
});

describe("restore while another restore is uploading", () => {
  it("refuses the second one before reading its body, then accepts restores again", async () => {
    const boundary = `----backup${randomBytes(6).toString("hex")}`;
    const req = http.request({
      host: "127.0.0.1",
      port: server.port,
      method: "POST",
      path: "/api/import/backup",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: cookie },
    });
    req.on("error", () => undefined);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.zip"\r\n\r\nPK\x03\x04`);
    // the first restore holds the user's restore lease while its body is still arriving
    await until(async () => {
      const rows = await t.db.execute(
        sql`select count(*)::int as n from job_leases where user_id = ${account.user.id} and kind = 'restore'`,
      );
      return Number(rows.rows[0].n) === 1;
    });
    const json = (await exportBackup(account.agent, "json")).body as Buffer;
    const second = await importBackup(account.agent, json, "backup.json", true);
    expect(second.status).toBe(429);
    expect(second.body.message).toBe("A restore is already running");
    req.destroy();
    await until(async () => (await importBackup(account.agent, json, "backup.json", true)).status === 200);
  });
});
