import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import { countReadBytes, countStoredBytes, keysUnder } from "../../test/files";
import { craftZip, exportBackup, importBackup, ownedCounts } from "./backup.test-support";
import { SPOOL_CHUNK_BYTES } from "./spool";
import { leaseRows } from "../../test/helpers";
import { buildEstate, setPlan } from "../../test/factories";

/**
 * Work before the quota check, on restore (issue 12): the spool of an upload is bounded by the account's free
 * storage plus room for backup.json and summary.pdf, and backup.json by the account's storage limit (4–32 MiB),
 * each refused as soon as it is passed, leaving nothing behind.
 */

const MiB = 1024 * 1024;

let t: TestApp;
let estateJson: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  const source = await t.signUp();
  await buildEstate(source.agent);
  estateJson = (await exportBackup(source.agent, "json")).body as Buffer;
});
afterAll(async () => {
  await t.close();
});

/** The seeded estate's backup.json, padded with whitespace before its last brace to exactly `bytes` bytes. */
function jsonOfSize(bytes: number): Buffer {
  const body = estateJson.subarray(0, estateJson.lastIndexOf("}"));
  return Buffer.concat([body, Buffer.alloc(bytes - body.length - 1, " "), Buffer.from("}")]);
}

/** Nothing of a refused restore remains: no record, no usage, nothing parked under restore/, no lease. */
async function expectNothingLeft(userId: number, before: Record<string, number>) {
  expect(await ownedCounts(t, userId)).toEqual(before);
  expect(await keysUnder(t.storage, "restore/")).toEqual([]);
  for (let i = 0; i < 100 && (await leaseRows(t, userId)) > 0; i += 1) await new Promise((r) => setTimeout(r, 20));
  expect(await leaseRows(t, userId)).toBe(0);
}

describe("the restore spool is bounded by the free storage plus slack", () => {
  it("refuses a 60 MB upload to a 10 MB account with 402 once it passes ~44 MiB, spooling no more", async () => {
    const { agent, user } = await t.signUp();
    const before = await ownedCounts(t, user.id);
    const archive = Buffer.concat([Buffer.from("PK\u0003\u0004"), randomBytes(60 * MiB)]);
    const spooled = countStoredBytes(t.storage, "restore/");
    try {
      const res = await importBackup(agent, archive, "backup.zip");
      expect(res.status).toBe(402);
      expect(res.body.message).toBe(
        "This backup is larger than your storage can take: 10.0 MB of your 10.0 MB is free. " +
          "Upgrade your plan or buy more storage to restore it.",
      );
      // 10 MiB free + 10 MiB for backup.json + 24 MiB for summary.pdf, and at most one spool chunk in flight.
      expect(spooled.bytes).toBeLessThanOrEqual(44 * MiB + SPOOL_CHUNK_BYTES);
    } finally {
      spooled.stop();
    }
    await expectNothingLeft(user.id, before);
  });

  it("counts only the free part of the storage", async () => {
    const { agent, user } = await t.signUp();
    await t.db.execute(sql`update users set storage_used = ${9 * MiB} where id = ${user.id}`);
    const before = await ownedCounts(t, user.id);
    const res = await importBackup(agent, randomBytes(36 * MiB), "backup.zip");
    expect(res.status).toBe(402);
    expect(res.body.message).toMatch(/1\.0 MB of your 10\.0 MB is free/);
    await expectNothingLeft(user.id, before);
  });
});

describe("backup.json is bounded by the account's storage limit", () => {
  it("refuses a backup.json over 10 MiB on Freemium with 402 naming the limit, without reading it back", async () => {
    const { agent, user } = await t.signUp();
    const before = await ownedCounts(t, user.id);
    const read = countReadBytes(t.storage, "restore/");
    try {
      const res = await importBackup(agent, jsonOfSize(10 * MiB + 1), "backup.json");
      expect(res.status).toBe(402);
      expect(res.body.message).toBe(
        "This backup's backup.json is larger than your plan restores (10.0 MB). " +
          "Upgrade your plan or buy more storage to restore it.",
      );
      // Refused by the spool's size: only the first chunk was read back, to tell JSON from ZIP.
      expect(read.bytes).toBeLessThanOrEqual(SPOOL_CHUNK_BYTES);
    } finally {
      read.stop();
    }
    await expectNothingLeft(user.id, before);
  });

  it("refuses a ZIP whose backup.json unpacks to over the limit, from its directory", async () => {
    const { agent, user } = await t.signUp();
    const before = await ownedCounts(t, user.id);
    // 10.7 MiB unpacked: random base64 deflates too little to look like a zip bomb. Never parsed, so never valid.
    const json = Buffer.concat([estateJson, Buffer.from(randomBytes(8 * MiB).toString("base64url"))]);
    const res = await importBackup(agent, craftZip([{ name: "backup.json", data: json, deflate: true }]), "b.zip");
    expect(res.status).toBe(402);
    expect(res.body.message).toMatch(/larger than your plan restores \(10\.0 MB\)/);
    await expectNothingLeft(user.id, before);
  });

  it("restores a backup.json of exactly 10 MiB on Freemium, and a larger one on a paid plan", async () => {
    const free = await t.signUp();
    const fits = await importBackup(free.agent, jsonOfSize(10 * MiB), "backup.json", true);
    expect(fits.status, fits.text).toBe(200);
    const paid = await t.signUp();
    await setPlan(t, paid.user.id, "basic_premium");
    const res = await importBackup(paid.agent, jsonOfSize(12 * MiB), "backup.json");
    expect(res.status, res.text).toBe(201);
    expect(res.body.created.wills).toBe(2);
  });

  it("refuses a backup.json over 32 MiB on any plan with 413 naming the limit", async () => {
    const { agent, user } = await t.signUp();
    await setPlan(t, user.id, "advanced_premium");
    const before = await ownedCounts(t, user.id);
    const res = await importBackup(agent, jsonOfSize(32 * MiB + 1), "backup.json");
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("backup.json may be at most 32.0 MB.");
    await expectNothingLeft(user.id, before);
  });
});
