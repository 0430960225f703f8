import { readFile, writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import {
  fileOf,
  fileRowsOf,
  listen,
  sessionCookie,
  sha256,
  storageUsedOf,
  storedBytesOf,
  upload,
} from "../../test/files";
import { type Account, buildUsers } from "../../test/factories";

let t: TestApp;
let server: Awaited<ReturnType<typeof listen>>;
let a: Account;
let b: Account;
let spare: Account[];
beforeAll(async () => {
  t = await startTestApp();
  server = await listen(t.app);
  [a, b, ...spare] = await buildUsers(t, 5);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

async function uploadOne(account: Account, name: string, data: Buffer): Promise<number> {
  const res = await upload(account.agent, [{ name, data }]);
  expect(res.status).toBe(201);
  return res.body[0].id as number;
}

async function blobPathOf(id: number): Promise<string> {
  const rows = await t.db.execute(sql`select file_path from digital_assets where id = ${id}`);
  return path.join(t.dataDir, "blobs", String(rows.rows[0].file_path));
}

/** A raw GET that reports how the response ended: complete, or cut off after some bytes. */
function rawGet(pathname: string, cookie: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; complete: boolean }>(
    (resolve) => {
      const req = http.get({ host: "127.0.0.1", port: server.port, path: pathname, headers: { Cookie: cookie } });
      req.on("response", (res) => {
        const parts: Buffer[] = [];
        const finish = () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(parts),
            complete: res.complete,
          });
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", finish);
        res.on("error", finish);
        res.on("aborted", finish);
      });
    },
  );
}

/**
 * A GET that reads the answer's head and first bytes, then stops reading (backpressure holds the server in the middle
 * of the file) until `finish()` reads the rest and reports how the response ended.
 */
function stalledGet(pathname: string, cookie: string) {
  return new Promise<{
    status: number;
    finish(): Promise<{ body: Buffer; complete: boolean }>;
  }>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: server.port, path: pathname, headers: { Cookie: cookie } });
    req.on("error", reject);
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      const ended = new Promise<{ body: Buffer; complete: boolean }>((settle) => {
        const done = () => settle({ body: Buffer.concat(parts), complete: res.complete });
        res.on("end", done);
        res.on("error", done);
        res.on("aborted", done);
      });
      res.once("data", (first: Buffer) => {
        res.pause();
        parts.push(first);
        res.on("data", (c: Buffer) => parts.push(c));
        resolve({
          status: res.statusCode ?? 0,
          finish: () => {
            res.resume();
            return ended;
          },
        });
      });
    });
  });
}

describe("GET /api/assets/:id/download", () => {
  it("answers 401 without a session, and 404 for another user's file, a missing id and a bad id (IDOR-04)", async () => {
    const id = await uploadOne(a, "private.pdf", fileOf("pdf"));
    expect((await t.request().get(`/api/assets/${id}/download`)).status).toBe(401);
    const foreign = await b.agent.get(`/api/assets/${id}/download`);
    const missing = await b.agent.get(`/api/assets/999999/download`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect((await b.agent.get(`/api/assets/abc/download`)).status).toBe(404);
    expect((await b.agent.get(`/api/assets/-1/download`)).status).toBe(404);
  });

  it("sends an attachment with a safe RFC 6266 name, nosniff, CSP sandbox and no-store (UPL-06)", async () => {
    const data = fileOf("pdf");
    const id = await uploadOne(a, 'a"; x=y\r\nSet-Cookie: z=1.pdf', data);
    const res = await a.agent.get(`/api/assets/${id}/download`).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="a__ x=ySet-Cookie: z=1.pdf"; filename*=UTF-8''a%22%3B%20x%3DySet-Cookie%3A%20z%3D1.pdf`,
    );
    expect(String(res.headers["set-cookie"] ?? "")).not.toContain("z=1");
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toBe("sandbox");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(Number(res.headers["content-length"])).toBe(data.length);
    expect(sha256(res.body as Buffer)).toBe(sha256(data));
  });

  it("gives non-ASCII names an ASCII fallback and the exact UTF-8 name", async () => {
    const id = await uploadOne(a, "Ɛkɔm.pdf", fileOf("pdf"));
    const res = await a.agent.get(`/api/assets/${id}/download`).buffer(true);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="_k_m.pdf"; filename*=UTF-8''%C6%90k%C9%94m.pdf`,
    );
  });

  it("cuts the response at a tampered frame and never sends its bytes (CRY-03)", async () => {
    const data = fileOf("pdf", 1024 * 1024); // four 256 KiB frames
    const id = await uploadOne(a, "long.pdf", data);
    const blob = await blobPathOf(id);
    const stored = await readFile(blob);
    stored[stored.length - 300_000] ^= 0x01; // inside the third frame
    await writeFile(blob, stored);
    const errors = vi.spyOn(t.deps.logger, "error");
    const res = await rawGet(`/api/assets/${id}/download`, await sessionCookie(t, a.user.email, a.password));
    expect(res.status).toBe(200);
    expect(res.complete).toBe(false);
    expect(res.body.length).toBeLessThan(data.length);
    expect(res.body.equals(data.subarray(0, res.body.length))).toBe(true);
    await vi.waitFor(() =>
      expect(errors).toHaveBeenCalledWith(
        expect.objectContaining({ event: "decrypt_failed", table: "digital_assets", rowId: id }),
        expect.any(String),
      ),
    );
    errors.mockRestore();
  });

  it("answers a generic 500 when the blob fails before its first frame (truncated header, another file's blob)", async () => {
    const first = await uploadOne(a, "one.pdf", fileOf("pdf"));
    const second = await uploadOne(a, "two.pdf", fileOf("pdf"));
    await writeFile(await blobPathOf(first), await readFile(await blobPathOf(second)));
    const swapped = await a.agent.get(`/api/assets/${first}/download`);
    expect(swapped.status).toBe(500);
    expect(swapped.body.message).toBe("Something went wrong on our side. Please try again.");
    await writeFile(await blobPathOf(second), (await readFile(await blobPathOf(second))).subarray(0, 40));
    expect((await a.agent.get(`/api/assets/${second}/download`)).status).toBe(500);
  });
});

describe("DELETE /api/assets/:id", () => {
  it("answers 401 without a session and 404 for another user's file, which stays", async () => {
    const id = await uploadOne(a, "mine.pdf", fileOf("pdf"));
    expect((await t.request().delete(`/api/assets/${id}`)).status).toBe(401);
    expect((await b.agent.delete(`/api/assets/${id}`)).status).toBe(404);
    expect((await a.agent.get(`/api/assets/${id}/download`)).status).toBe(200);
  });

  it("removes the row and the blob and gives the space back exactly once, even when sent twice at once", async () => {
    const owner = spare[0];
    const keep = await uploadOne(owner, "keep.pdf", fileOf("pdf"));
    const id = await uploadOne(owner, "gone.pdf", fileOf("pdf", 100_000));
    const blob = await blobPathOf(id);
    const results = await Promise.all([
      owner.agent.delete(`/api/assets/${id}`),
      owner.agent.delete(`/api/assets/${id}`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([204, 404]);
    expect(await fileRowsOf(t, owner.user.id)).toBe(1);
    expect(await storageUsedOf(t, owner.user.id)).toBe(await storedBytesOf(t, owner.user.id));
    await expect(readFile(blob)).rejects.toThrow(/ENOENT/);
    expect((await owner.agent.get(`/api/assets/${id}/download`)).status).toBe(404);
    expect((await owner.agent.get(`/api/assets/${keep}/download`)).status).toBe(200);
  });

  it("lets downloads already streaming finish whole while the file is deleted (RACE-07)", async () => {
    const owner = spare[1];
    // Larger than what the loopback sockets and stream buffers hold for a paused reader, so most of the file is
    // still on disk, unread, when the delete comes.
    const data = fileOf("pdf", 6 * 1024 * 1024);
    const id = await uploadOne(owner, "shared.pdf", data);
    const blob = await blobPathOf(id);
    const cookie = await sessionCookie(t, owner.user.email, owner.password);
    const downloads = await Promise.all(
      Array.from({ length: 3 }, () => stalledGet(`/api/assets/${id}/download`, cookie)),
    );
    for (const download of downloads) expect(download.status).toBe(200);

    expect((await owner.agent.delete(`/api/assets/${id}`)).status).toBe(204);
    await expect(readFile(blob)).rejects.toThrow(/ENOENT/); // the blob is really gone from the disk
    expect((await owner.agent.get(`/api/assets/${id}/download`)).status).toBe(404);

    for (const download of downloads) {
      const res = await download.finish();
      expect(res.complete).toBe(true);
      expect(res.body.length).toBe(data.length);
      expect(sha256(res.body)).toBe(sha256(data));
    }
    expect(await storageUsedOf(t, owner.user.id)).toBe(0);
  });
});
