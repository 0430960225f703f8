import { randomBytes } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { rewrapUserKeys } from "../features/user-keys/rewrap";
import { SAMPLES } from "../test/typed-asset-samples";
import { sessionCookie } from "../test/files";
import { createKeyring } from "../lib/crypto/keyring";
import { startTestApp, type TestApp } from "../test/harness";

/**
 * Rotating the master key (CRY-04): deploy k2 with k1 kept readable, run the data-key re-wrap, kill it halfway,
 * resume it, retire k1. Every sensitive field must read back the same at every step, new keys go under k2, and
 * nothing references k1 at the end. The "kill" stops the job between two committed rows, the only places a killed
 * process can stop it: each row is a single UPDATE.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const { path: route, body } = SAMPLES.financial_assets;

/** The same database served by a process holding other master keys. */
function processWith(keys: Record<string, Buffer>, currentKid: string) {
  const keyring = createKeyring({ keys, currentKid });
  const app = createApp({ ...t.deps, keyring }, { pruneSessions: false, spaDir: path.join(t.dataDir, "no-spa") });
  return { keyring, request: () => supertest(app.app) };
}

type Owner = { userId: number; cookie: string; assetId: number; secret: string };

async function reads(server: { request: () => supertest.Agent }, owners: Owner[]) {
  const seen: Record<number, unknown> = {};
  for (const owner of owners) {
    const res = await server.request().get(`${route}/${owner.assetId}`).set("Cookie", owner.cookie);
    seen[owner.userId] = res.status === 200 ? res.body.accountNumber : res.status;
  }
  return seen;
}

const kids = async () =>
  (await t.db.execute<{ kid: string }>(sql`select kid from user_keys order by user_id`)).rows.map((r) => r.kid);

describe("re-wrapping data keys under a new master key, killed halfway and resumed (CRY-04)", () => {
  it("keeps every field readable throughout, wraps new keys under k2, and leaves nothing under k1", async () => {
    const oldKid = t.keyring.currentKid;
    const oldKey = t.deps.config.encryptionKeys[oldKid];
    const owners: Owner[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { agent, user, password } = await t.signUp();
      const secret = `acct-${randomBytes(6).toString("hex")}`;
      const res = await agent.post(route).send({ ...body, accountNumber: secret });
      expect(res.status).toBe(201);
      owners.push({
        userId: user.id,
        cookie: await sessionCookie(t, user.email, password),
        assetId: res.body.id,
        secret,
      });
    }
    const expected = Object.fromEntries(owners.map((o) => [o.userId, o.secret]));
    expect(await kids()).toEqual(Array(5).fill(oldKid));

    // deploy k2 as the current key, k1 still readable
    const newKey = randomBytes(32);
    const both = processWith({ [oldKid]: oldKey, k2: newKey }, "k2");
    expect(await reads(both, owners)).toEqual(expected);

    // the job dies after its third committed row
    let committed = 0;
    const killed = rewrapUserKeys(t.db, both.keyring, {
      batchSize: 2,
      afterRow: () => {
        committed += 1;
        if (committed === 3) throw new Error("killed");
      },
    });
    await expect(killed).rejects.toThrow("killed");
    expect((await kids()).sort()).toEqual([oldKid, oldKid, "k2", "k2", "k2"].sort());

    // halfway: a fresh process and the running one both read every field; a new user's key goes under k2
    expect(await reads(both, owners)).toEqual(expected);
    expect(await reads(processWith({ [oldKid]: oldKey, k2: newKey }, "k2"), owners)).toEqual(expected);
    const late = await t.signUp();
    const lateCookie = await sessionCookie(t, late.user.email, late.password);
    const created = await both
      .request()
      .post(route)
      .set("Cookie", lateCookie)
      .send({ ...body, accountNumber: "late-1" });
    expect(created.status).toBe(201);
    const lateKid = await t.db.execute<{ kid: string }>(sql`select kid from user_keys where user_id = ${late.user.id}`);
    expect(lateKid.rows[0].kid).toBe("k2");
    owners.push({ userId: late.user.id, cookie: lateCookie, assetId: created.body.id, secret: "late-1" });
    expected[late.user.id] = "late-1";

    // resumed: only the rows left are re-wrapped, and a second run finds nothing to do
    expect(await rewrapUserKeys(t.db, both.keyring, { batchSize: 2 })).toBe(2);
    expect(await rewrapUserKeys(t.db, both.keyring)).toBe(0);
    expect(await kids()).toEqual(Array(6).fill("k2"));
    expect(await reads(both, owners)).toEqual(expected);

    // k1 retired: a process holding only k2 reads everything, and no row references k1
    const only = processWith({ k2: newKey }, "k2");
    expect(await reads(only, owners)).toEqual(expected);
    const leftovers = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from user_keys where kid <> 'k2'`,
    );
    expect(leftovers.rows[0].n).toBe(0);
    // and the old process, which never held k2, cannot: the fields really are under the new wrapping
    const stale = await reads({ request: t.request }, owners.slice(0, 1));
    expect(stale[owners[0].userId]).not.toBe(owners[0].secret);
  });
});
