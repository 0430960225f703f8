import { Readable } from "node:stream";
import { readdir, readlink } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { MAX_FILE_BYTES } from "@shared/asset-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import { rawUpload } from "../../test/raw-upload";
import { sweepOrphanBlobs, sweepStaleUploads } from "./sweeper";
import { fileOf, fileRowsOf, keysUnder, listen, sessionCookie, storageUsedOf, upload } from "../../test/files";
import { tmpFiles, until } from "../../test/helpers";
import { type Account, buildUsers } from "../../test/factories";

let t: TestApp;
let server: Awaited<ReturnType<typeof listen>>;
let accounts: Account[];
beforeAll(async () => {
  t = await startTestApp();
  server = await listen(t.app);
  accounts = await buildUsers(t, 4);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

/** Open descriptors that are files (a leaked blob or temp file); sockets come and go with the database pool. */
async function openFiles(): Promise<number> {
  const links = await Promise.all(
    (await readdir("/proc/self/fd")).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => "")),
  );
  return links.filter((link) => link.startsWith(t.dataDir)).length;
}

describe("upload size and interruption", () => {
  it("answers 413 for a file of 100 MB + 1 byte streamed without Content-Length, leaving nothing (UPL-03)", async () => {
    const { user, password } = accounts[0];
    const cookie = await sessionCookie(t, user.email, password);
    // Room for it, so that the file size is what refuses it (not the free storage, which would stop it sooner).
    await t.db.execute(sql`update users set storage_limit = ${2 * MAX_FILE_BYTES} where id = ${user.id}`);
    const res = await rawUpload({ port: server.port, cookie, fileName: "huge.pdf", size: MAX_FILE_BYTES + 1 });
    expect(res).toEqual({ status: 413, body: JSON.stringify({ message: "Each file may be at most 100 MB." }) });
    expect(await fileRowsOf(t, user.id)).toBe(0);
    expect(await storageUsedOf(t, user.id)).toBe(0);
    expect(await keysUnder(t.storage, "staging/")).toEqual([]);
    await until(async () => (await tmpFiles(t)).length === 0, 5000, 50);
  });

  it("accepts a file of exactly 100 MB, streamed", async () => {
    const { user, password } = accounts[3];
    const cookie = await sessionCookie(t, user.email, password);
    await t.db.execute(sql`update users set storage_limit = ${2 * MAX_FILE_BYTES} where id = ${user.id}`);
    const res = await rawUpload({ port: server.port, cookie, fileName: "big.pdf", size: MAX_FILE_BYTES });
    expect(res).toMatchObject({ status: 201 });
    expect(await fileRowsOf(t, user.id)).toBe(1);
  });

  it("leaves no row, blob, temp file, usage or open file after 20 aborted uploads (UPL-05)", async () => {
    const { user, password } = accounts[1];
    const cookie = await sessionCookie(t, user.email, password);
    const fdsBefore = await openFiles();
    for (let i = 0; i < 20; i += 1) {
      const res = await rawUpload({
        port: server.port,
        cookie,
        fileName: `part${i}.pdf`,
        size: 4 * 1024 * 1024,
        abortAfter: 2 * 1024 * 1024,
      });
      expect(res).toEqual({ aborted: true });
    }
    await until(
      async () => (await tmpFiles(t)).length === 0 && (await keysUnder(t.storage, "staging/")).length === 0,
      5000,
      50,
    );
    await sweepStaleUploads(t.deps, 0);
    expect(await fileRowsOf(t, user.id)).toBe(0);
    expect(await storageUsedOf(t, user.id)).toBe(0);
    expect(await keysUnder(t.storage, "blobs/")).toHaveLength(1); // the 100 MB file of the test above
    await until(async () => (await openFiles()) <= fdsBefore, 5000, 50);
  });
});

describe("sweepStaleUploads", () => {
  it("removes pending rows and staged blobs older than the window, giving their space back", async () => {
    const { agent, user } = accounts[2];
    const kept = await upload(agent, [{ name: "kept.pdf", data: fileOf("pdf") }]);
    expect(kept.status).toBe(201);
    const usage = await storageUsedOf(t, user.id);
    const name = "ab".repeat(16);
    await t.storage.put(`blobs/${name}`, await t.storage.get(`blobs/${await blobNameOf(kept.body[0].id)}`));
    await t.storage.put(`staging/${"cd".repeat(16)}`, await t.storage.get(`blobs/${name}`));
    await t.db.execute(sql`update users set storage_used = storage_used + 1234 where id = ${user.id}`);
    await t.db.execute(
      sql`insert into digital_assets (user_id, file_name, original_file_name, file_size, stored_size, mime_type, category, file_path, status)
          values (${user.id}, ${name}, 'crashed.pdf', 1000, 1234, 'application/pdf', 'documents', ${`blobs/${name}`}, 'pending')`,
    );

    const early = await sweepStaleUploads(t.deps, 30 * 60 * 1000);
    expect(early).toEqual({ pendingRows: 0, stagedBlobs: 0, restoreBlobs: 0, tempFiles: 0 });

    t.clock.set(new Date(Date.now() + 20 * 60 * 1000));
    const swept = await sweepStaleUploads(t.deps, 15 * 60 * 1000);
    expect(swept).toMatchObject({ pendingRows: 1, stagedBlobs: 1 });
    expect(await storageUsedOf(t, user.id)).toBe(usage);
    expect(await t.storage.exists(`blobs/${name}`)).toBe(false);
    expect(await keysUnder(t.storage, "staging/")).toEqual([]);
    expect(await fileRowsOf(t, user.id)).toBe(1);
    expect((await agent.get(`/api/assets/${kept.body[0].id}/download`)).status).toBe(200);
    t.clock.set(new Date());
  });
});

describe("sweepStaleUploads and a slow restore", () => {
  it("leaves what a restore parks (restore/) for a day, so a restore longer than the upload window keeps its files", async () => {
    const parked = `restore/${"ef".repeat(16)}`;
    await t.storage.put(parked, Readable.from([Buffer.from("spooled archive chunk")]));
    t.clock.set(new Date(Date.now() + 2 * 60 * 60 * 1000)); // two hours into a very slow restore
    const swept = await sweepStaleUploads(t.deps, 15 * 60 * 1000);
    expect(swept.restoreBlobs).toBe(0);
    expect(await t.storage.exists(parked)).toBe(true);

    t.clock.set(new Date(Date.now() + 25 * 60 * 60 * 1000)); // a crash left it behind a day ago
    expect((await sweepStaleUploads(t.deps, 15 * 60 * 1000)).restoreBlobs).toBe(1);
    expect(await t.storage.exists(parked)).toBe(false);
    t.clock.set(new Date());
  });
});

describe("sweepOrphanBlobs (a crash in the middle of a restore)", () => {
  it("deletes blobs no file row points at, keeps every referenced one, and waits a day while a restore runs", async () => {
    const { agent, user } = accounts[3];
    const kept = await upload(agent, [{ name: "deed.pdf", data: fileOf("pdf") }]);
    expect(kept.status).toBe(201);
    const keptKey = `blobs/${await blobNameOf(kept.body[0].id)}`;
    const bytes = () => Readable.from([Buffer.from("ciphertext of a restored file")]);
    const orphan = `blobs/${"0a".repeat(16)}`;
    const pending = `blobs/${"0b".repeat(16)}`;
    await t.storage.put(orphan, bytes());
    await t.storage.put(pending, bytes());
    await t.db.execute(
      sql`insert into digital_assets (user_id, file_name, original_file_name, file_size, stored_size, mime_type, category, file_path, status)
          values (${user.id}, ${"0b".repeat(16)}, 'moving.pdf', 10, 10, 'application/pdf', 'documents', ${pending}, 'pending')`,
    );
    t.clock.set(new Date(Date.now() + 60 * 1000));

    // another process is restoring: its blobs may be in place before its rows commit, so only day-old ones go
    await t.db.execute(
      sql`insert into job_leases (user_id, kind, holder, expires_at) values (${user.id}, 'restore', 'other', now() + interval '30 seconds')`,
    );
    expect(await sweepOrphanBlobs(t.deps)).toBe(0);
    expect(await t.storage.exists(orphan)).toBe(true);
    t.clock.set(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await sweepOrphanBlobs(t.deps)).toBe(1);
    expect(await t.storage.exists(orphan)).toBe(false);

    // no restore running: any unreferenced blob written before the sweep goes at once
    await t.db.execute(sql`delete from job_leases where user_id = ${user.id}`);
    const another = `blobs/${"0c".repeat(16)}`;
    await t.storage.put(another, bytes());
    t.clock.set(new Date(Date.now() + 60 * 1000));
    expect(await sweepOrphanBlobs(t.deps)).toBe(1);
    expect(await t.storage.exists(another)).toBe(false);
    expect(await t.storage.exists(pending)).toBe(true);
    expect(await t.storage.exists(keptKey)).toBe(true);
    expect((await agent.get(`/api/assets/${kept.body[0].id}/download`)).status).toBe(200);
    await t.db.execute(sql`delete from digital_assets where file_path = ${pending}`);
    t.clock.set(new Date());
  });
});

async function blobNameOf(id: number): Promise<string> {
  const rows = await t.db.execute(sql`select file_name from digital_assets where id = ${id}`);
  return String(rows.rows[0].file_name);
}
