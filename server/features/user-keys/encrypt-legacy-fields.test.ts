import { eq, sql } from "drizzle-orm";
import { TYPED_ASSET_KINDS, type TypedAssetKind } from "@shared/asset-types";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Agent } from "supertest";
import { startTestApp, type TestApp } from "../../test/harness";
import { plainSensitiveColumnsOf } from "../../lib/crypto/field-secrets";
import { KINDS, type KindConfig } from "../typed-assets/kinds";
import { CANARY, SAMPLES } from "../../test/typed-asset-samples";
import { encryptLegacyFields } from "./encrypt-legacy-fields";
import { getOrCreateUserDataKey } from "./user-keys.service";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const kindOf = (kind: TypedAssetKind) => KINDS.find((k) => k.kind === kind) as KindConfig;
const LOOKALIKE = "v1.AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA";

/** A will as an earlier version stored it: plain text, no enc_version given (the column default applies). */
async function legacyWill(userId: number, n: number, title = `${CANARY} old will ${n}`) {
  const result = await t.db.execute<{ id: number }>(
    sql`insert into digital_wills (user_id, title, content, is_active, version)
        values (${userId}, ${title}, ${`${CANARY} my farm in Techiman goes to Kofi (${n})`}, false, ${n}) returning id`,
  );
  return Number(result.rows[0].id);
}

/**
 * A typed row as an earlier version left it: created through the API, then the fields that became sensitive in
 * issue 12 put back in plain text under enc_version 1 (the first set stays ciphertext, as it was).
 */
async function legacyTyped(agent: Agent, kind: TypedAssetKind, body = SAMPLES[kind].body) {
  const created = await agent.post(SAMPLES[kind].path).send(body);
  if (created.status !== 201) throw new Error(`${kind}: ${created.status} ${created.text}`);
  const config = kindOf(kind);
  const plain: Record<string, unknown> = { encVersion: 1 };
  for (const column of plainSensitiveColumnsOf(config, 1)) plain[column] = created.body[column];
  await t.db.update(config.table).set(plain).where(eq(config.table.id, created.body.id));
  return created.body as Record<string, unknown> & { id: number };
}

async function rawRows(table: string, userId: number): Promise<Record<string, unknown>[]> {
  const rows = await t.db.execute(sql`select * from ${sql.identifier(table)} where user_id = ${userId} order by id`);
  return rows.rows;
}

/** Everything the owner's screens read about their wills and assets, for before/after comparisons. */
async function ownerView(agent: Agent) {
  const view: Record<string, unknown> = {
    wills: (await agent.get("/api/digital-wills")).body,
    active: (await agent.get("/api/digital-wills/active")).body,
  };
  for (const kind of TYPED_ASSET_KINDS) view[kind] = (await agent.get(SAMPLES[kind].path)).body;
  return view;
}

const ALL_TABLES = ["digital_wills", ...TYPED_ASSET_KINDS];

describe("encrypting what earlier versions stored in plain text (CRYPT-M1)", () => {
  it("encrypts every plain will and note in place, reads back equal, and a second run changes nothing", async () => {
    const { agent, user } = await t.signUp();
    await legacyWill(user.id, 1);
    await legacyWill(user.id, 2);
    await agent.post("/api/digital-wills").send({ title: "Current will", content: "Everything else to Ɛsi." });
    for (const kind of TYPED_ASSET_KINDS) await legacyTyped(agent, kind);
    const before = await ownerView(agent);
    // Beside live traffic: the plain rows read correctly before the migration ran.
    expect(before.wills).toHaveLength(3);
    expect(JSON.stringify(before)).toContain(`${CANARY} my farm in Techiman goes to Kofi (1)`);
    expect(JSON.stringify(before)).toContain(`${CANARY}-contact: branch manager`);
    expect(JSON.stringify(await rawRows("digital_wills", user.id))).toContain(CANARY);

    const report = await encryptLegacyFields(t.deps);
    expect(report).toEqual({ encrypted: 2 + TYPED_ASSET_KINDS.length, failed: 0 });

    for (const table of ALL_TABLES) {
      const rows = await rawRows(table, user.id);
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toContain(CANARY);
      for (const row of rows) expect(row.enc_version).toBe(table === "digital_wills" ? 1 : 2);
    }
    expect(await ownerView(agent)).toEqual(before);

    const snapshot = await Promise.all(ALL_TABLES.map((table) => rawRows(table, user.id)));
    expect(await encryptLegacyFields(t.deps)).toEqual({ encrypted: 0, failed: 0 });
    expect(await Promise.all(ALL_TABLES.map((table) => rawRows(table, user.id)))).toEqual(snapshot);
  });

  it("encrypts a plain value shaped like ciphertext, and never encrypts twice a ciphertext marked as plain", async () => {
    const { agent, user } = await t.signUp();
    const lookalike = await legacyWill(user.id, 1, LOOKALIKE);
    const saved = await agent.post("/api/digital-wills").send({ title: "Sealed", content: "Already encrypted text." });
    await t.db.execute(sql`update digital_wills set enc_version = 0 where id = ${saved.body.id}`);
    const account = await agent.post(SAMPLES.online_accounts.path).send(SAMPLES.online_accounts.body);
    await t.db.execute(sql`update online_accounts set enc_version = 1 where id = ${account.body.id}`);

    expect(await encryptLegacyFields(t.deps)).toEqual({ encrypted: 3, failed: 0 });
    const [rawLookalike, rawSaved] = await rawRows("digital_wills", user.id);
    expect(rawLookalike.title).not.toBe(LOOKALIKE);
    expect(rawLookalike.title).toMatch(/^v1\./);
    const wills = (await agent.get("/api/digital-wills")).body as { id: number; title: string; content: string }[];
    expect(wills.find((w) => w.id === lookalike)?.title).toBe(LOOKALIKE);
    expect(wills.find((w) => w.id === saved.body.id)).toMatchObject({
      title: "Sealed",
      content: "Already encrypted text.",
    });
    expect(rawSaved.enc_version).toBe(1);
    const accounts = await agent.get(SAMPLES.online_accounts.path);
    expect(accounts.status).toBe(200);
    expect(accounts.body[0]).toEqual(account.body);
  });

  it("marks rows with nothing to encrypt current in bulk, without the per-row path", async () => {
    const { agent, user } = await t.signUp();
    const bare = { title: "Adinkra pattern", category: "trademark" };
    const empty = [
      await legacyTyped(agent, "intellectual_property", bare),
      await legacyTyped(agent, "intellectual_property", bare),
    ];
    const full = await legacyTyped(agent, "intellectual_property");
    const before = (await agent.get(SAMPLES.intellectual_property.path)).body;
    const visited: number[] = [];
    const report = await encryptLegacyFields(t.deps, {
      afterRow: (table, rowId) => {
        if (table === "intellectual_property") visited.push(rowId);
      },
    });
    expect(report).toEqual({ encrypted: 3, failed: 0 });
    expect(visited).toEqual([full.id]);
    expect(empty.map((row) => row.description)).toEqual([null, null]);
    expect((await rawRows("intellectual_property", user.id)).map((r) => r.enc_version)).toEqual([2, 2, 2]);
    expect((await agent.get(SAMPLES.intellectual_property.path)).body).toEqual(before);
  });

  it("is resumable: a run stopped halfway leaves every row readable, and the next run finishes the rest", async () => {
    const { agent, user } = await t.signUp();
    for (let n = 1; n <= 5; n += 1) await legacyWill(user.id, n);
    const before = (await agent.get("/api/digital-wills")).body;
    let seen = 0;
    const killed = encryptLegacyFields(t.deps, {
      batchSize: 2,
      afterRow: () => {
        seen += 1;
        if (seen === 2) throw new Error("killed");
      },
    });
    await expect(killed).rejects.toThrow("killed");
    const halfway = await rawRows("digital_wills", user.id);
    expect(halfway.map((r) => r.enc_version)).toEqual([1, 1, 0, 0, 0]);
    expect((await agent.get("/api/digital-wills")).body).toEqual(before);

    expect(await encryptLegacyFields(t.deps, { batchSize: 2 })).toEqual({ encrypted: 3, failed: 0 });
    expect(JSON.stringify(await rawRows("digital_wills", user.id))).not.toContain(CANARY);
    expect((await agent.get("/api/digital-wills")).body).toEqual(before);
  });

  it("stops between two rows when the server shuts down", async () => {
    const { user } = await t.signUp();
    for (let n = 1; n <= 3; n += 1) await legacyWill(user.id, n);
    const stop = new AbortController();
    const report = await encryptLegacyFields(t.deps, { signal: stop.signal, afterRow: () => stop.abort() });
    expect(report).toEqual({ encrypted: 1, failed: 0 });
    expect((await rawRows("digital_wills", user.id)).map((r) => r.enc_version)).toEqual([1, 0, 0]);
    expect(await encryptLegacyFields(t.deps)).toEqual({ encrypted: 2, failed: 0 });
  });

  it("leaves a row alone when it was edited after it was read, and encrypts the new text on the next run", async () => {
    const { agent, user } = await t.signUp();
    const first = await legacyTyped(agent, "financial_assets");
    const second = await legacyTyped(agent, "financial_assets");
    const report = await encryptLegacyFields(t.deps, {
      afterRow: async (table, rowId) => {
        // An earlier version's server (or a raw edit) changes the second row after this batch was read.
        if (table === "financial_assets" && rowId === first.id) {
          await t.db.execute(sql`update financial_assets set contact_info = 'Call Yaw' where id = ${second.id}`);
        }
      },
    });
    expect(report).toEqual({ encrypted: 1, failed: 0 });
    const [, raw] = await rawRows("financial_assets", user.id);
    expect(raw).toMatchObject({ enc_version: 1, contact_info: "Call Yaw" });

    expect(await encryptLegacyFields(t.deps)).toEqual({ encrypted: 1, failed: 0 });
    const rows = (await agent.get(SAMPLES.financial_assets.path)).body as Record<string, unknown>[];
    expect(rows.find((r) => r.id === second.id)).toMatchObject({
      contactInfo: "Call Yaw",
      accessInfo: second.accessInfo,
    });
    expect(JSON.stringify(await rawRows("financial_assets", user.id))).not.toContain("Call Yaw");
  });

  it("logs and skips a row whose owner's key cannot be unwrapped, and goes on with the others", async () => {
    const locked = await t.signUp();
    const other = await t.signUp();
    const lockedWill = await legacyWill(locked.user.id, 1);
    await legacyWill(other.user.id, 1);
    await getOrCreateUserDataKey(t.db, t.keyring, locked.user.id);
    await t.db.execute(sql`update user_keys set kid = 'retired' where user_id = ${locked.user.id}`);
    const errors = vi.spyOn(t.deps.logger, "error");

    expect(await encryptLegacyFields(t.deps)).toEqual({ encrypted: 1, failed: 1 });
    expect(errors).toHaveBeenCalledWith(
      { event: "encrypt_legacy_failed", table: "digital_wills", rowId: lockedWill, reason: "unknown-kid" },
      expect.any(String),
    );
    expect(JSON.stringify(errors.mock.calls)).not.toContain(CANARY);
    errors.mockRestore();
    expect((await rawRows("digital_wills", locked.user.id))[0].enc_version).toBe(0);
    expect((await rawRows("digital_wills", other.user.id))[0].enc_version).toBe(1);

    await t.db.execute(sql`update user_keys set kid = ${t.keyring.currentKid} where user_id = ${locked.user.id}`);
    expect(await encryptLegacyFields(t.deps)).toEqual({ encrypted: 1, failed: 0 });
  });

  it("encrypts each row exactly once when two servers run it at the same time", async () => {
    const { agent, user } = await t.signUp();
    for (let n = 1; n <= 12; n += 1) await legacyWill(user.id, n);
    for (const kind of TYPED_ASSET_KINDS) await legacyTyped(agent, kind);
    const before = await ownerView(agent);
    const [one, two] = await Promise.all([
      encryptLegacyFields(t.deps, { batchSize: 3 }),
      encryptLegacyFields(t.deps, { batchSize: 3 }),
    ]);
    expect(one.encrypted + two.encrypted).toBe(12 + TYPED_ASSET_KINDS.length);
    expect(one.failed + two.failed).toBe(0);
    expect(await ownerView(agent)).toEqual(before);
    for (const table of ALL_TABLES) expect(JSON.stringify(await rawRows(table, user.id))).not.toContain(CANARY);
  });
});

describe("editing a row an earlier version stored (CRYPT-M2)", () => {
  it("encrypts the whole row before the edit, so the fields not sent stay readable", async () => {
    const { agent, user } = await t.signUp();
    const row = await legacyTyped(agent, "online_accounts");
    const res = await agent.put(`${SAMPLES.online_accounts.path}/${row.id}`).send({ platform: "mail.google.com" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...row, platform: "mail.google.com", updatedAt: res.body.updatedAt });
    const [raw] = await rawRows("online_accounts", user.id);
    expect(raw.enc_version).toBe(2);
    expect(JSON.stringify(raw)).not.toContain(CANARY);
    expect((await agent.get(SAMPLES.online_accounts.path)).body[0]).toEqual(res.body);
  });
});
