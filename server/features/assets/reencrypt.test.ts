import { randomBytes } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { createKeyring } from "../../lib/crypto/keyring";
import { startTestApp, type TestApp } from "../../test/harness";
import { reencryptFiles } from "./reencrypt";
import { fileOf, sessionCookie, sha256, storageUsedOf, upload } from "../../test/files";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The same database and blobs, served by a process holding other master keys. */
function appWithKeys(keys: Record<string, Buffer>, currentKid: string) {
  const keyring = createKeyring({ keys, currentKid });
  const app = createApp({ ...t.deps, keyring }, { pruneSessions: false, spaDir: path.join(t.dataDir, "no-spa") });
  return { app, keyring, deps: { ...t.deps, keyring } };
}

async function kidsOf(userId: number) {
  const rows = await t.db.execute<{ kid: string | null }>(
    sql`select kid from digital_assets where user_id = ${userId} order by id`,
  );
  return rows.rows.map((r) => r.kid);
}

async function storedSum(userId: number) {
  const rows = await t.db.execute<{ n: number }>(
    sql`select coalesce(sum(stored_size), 0)::int as n from digital_assets where user_id = ${userId}`,
  );
  return rows.rows[0].n;
}

describe("re-encrypting files under a new master key (retiring the old one)", () => {
  it("rewrites every file under the current kid, keeps the bytes and usage right, and lets the old key go", async () => {
    const oldKid = t.keyring.currentKid;
    const oldKey = t.deps.config.encryptionKeys[oldKid];
    const { agent, user, password } = await t.signUp();
    const files = [fileOf("pdf", 700 * 1024), fileOf("png", 3 * 1024)];
    const res = await upload(agent, [
      { name: "deed.pdf", data: files[0] },
      { name: "photo.png", data: files[1] },
    ]);
    expect(res.status).toBe(201);
    const ids = (res.body as { id: number }[]).map((r) => r.id);
    expect(await kidsOf(user.id)).toEqual([oldKid, oldKid]);
    // a file stored before kids were recorded, whose blob has since gone missing: reported, not fatal
    const lost = await upload(agent, [{ name: "lost.pdf", data: fileOf("pdf") }]);
    await t.db.execute(sql`update digital_assets set kid = null where id = ${lost.body[0].id}`);
    const lostPath = await t.db.execute<{ file_path: string }>(
      sql`select file_path from digital_assets where id = ${lost.body[0].id}`,
    );
    await t.storage.delete(lostPath.rows[0].file_path);

    const newKey = randomBytes(32);
    const rotated = appWithKeys({ [oldKid]: oldKey, k2: newKey }, "k2");
    const first = await reencryptFiles(rotated.deps);
    expect(first).toEqual({ reencrypted: 2, skipped: 0, failed: 1 });
    expect((await kidsOf(user.id)).slice(0, 2)).toEqual(["k2", "k2"]);
    expect(await storageUsedOf(t, user.id)).toBe(await storedSum(user.id));
    const again = await reencryptFiles(rotated.deps);
    expect(again).toEqual({ reencrypted: 0, skipped: 0, failed: 1 }); // only the lost file is left

    // The old key retired: a process holding only k2 serves every file byte for byte...
    const retired = appWithKeys({ k2: newKey }, "k2");
    const cookie = await sessionCookie(t, user.email, password);
    for (const [i, id] of ids.entries()) {
      const download = await supertest(retired.app.app)
        .get(`/api/assets/${id}/download`)
        .set("Cookie", cookie)
        .buffer(true);
      expect(download.status).toBe(200);
      expect(sha256(download.body as Buffer)).toBe(sha256(files[i]));
    }
    // ...and one holding only the old key no longer can: the blobs really were rewritten.
    const stale = appWithKeys({ [oldKid]: oldKey }, oldKid);
    expect((await supertest(stale.app.app).get(`/api/assets/${ids[0]}/download`).set("Cookie", cookie)).status).toBe(
      500,
    );
    await Promise.all([rotated.app.close(), retired.app.close(), stale.app.close()]);
  });
});
