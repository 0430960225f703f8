import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDataKey, wrapDataKey } from "../../lib/crypto/field-crypto";
import { startTestApp, type TestApp } from "../../test/harness";
import { getOrCreateUserDataKey } from "./user-keys.service";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("getOrCreateUserDataKey", () => {
  it("creates one wrapped key per user, even for parallel first requests", async () => {
    const { user } = await t.signUp();
    const keys = await Promise.all(Array.from({ length: 8 }, () => getOrCreateUserDataKey(t.db, t.keyring, user.id)));
    expect(new Set(keys.map((k) => k.toString("hex"))).size).toBe(1);
    expect(keys[0]).toHaveLength(32);
    const rows = await t.db.execute(sql`select wrapped_key, kid from user_keys where user_id = ${user.id}`);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].kid).toBe(t.keyring.currentKid);
    expect(Buffer.from(String(rows.rows[0].wrapped_key), "base64url").includes(keys[0])).toBe(false);
  });

  it("returns the stored key on later calls and gives each user their own", async () => {
    const one = await t.signUp();
    const two = await t.signUp();
    const first = await getOrCreateUserDataKey(t.db, t.keyring, one.user.id);
    expect((await getOrCreateUserDataKey(t.db, t.keyring, one.user.id)).equals(first)).toBe(true);
    expect((await getOrCreateUserDataKey(t.db, t.keyring, two.user.id)).equals(first)).toBe(false);
  });

  it("keeps the key that was stored first when another process raced it", async () => {
    const { user } = await t.signUp();
    const stored = wrapDataKey(t.keyring, generateDataKey());
    await t.db.execute(
      sql`insert into user_keys (user_id, wrapped_key, kid) values (${user.id}, ${stored.wrapped}, ${stored.kid})`,
    );
    const key = await getOrCreateUserDataKey(t.db, t.keyring, user.id);
    const again = await getOrCreateUserDataKey(t.db, t.keyring, user.id);
    expect(key.equals(again)).toBe(true);
    const rows = await t.db.execute(sql`select wrapped_key from user_keys where user_id = ${user.id}`);
    expect(rows.rows[0].wrapped_key).toBe(stored.wrapped);
  });
});
