import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import { fileOf, fileRowsOf, keysUnder, storageUsedOf, storedBytesOf, upload } from "../../test/files";
import { type Account, buildUsers } from "../../test/factories";

let t: TestApp;
let accounts: Account[];
beforeAll(async () => {
  t = await startTestApp();
  accounts = await buildUsers(t, 6);
});
afterAll(async () => {
  await t.close();
});

const MB = 1024 * 1024;
const small = (n: number, prefix = "f") =>
  Array.from({ length: n }, (_, i) => ({ name: `${prefix}${i}.pdf`, data: fileOf("pdf", 64) }));

describe("plan limits on uploads", () => {
  it("lets one of two parallel uploads of 60% of the quota through, the other refused by the upload lease (RACE-01)", async () => {
    const { agent, user } = accounts[0];
    const size = Math.floor(0.6 * 10 * MB);
    const results = await Promise.all([
      upload(agent, [{ name: "one.pdf", data: fileOf("pdf", size) }]),
      upload(agent, [{ name: "two.pdf", data: fileOf("pdf", size) }]),
    ]);
    // One upload per user at a time: the second is refused before its body (429), or — when the first was done
    // before it arrived — refused for storage (402). Never both stored.
    const statuses = results.map((r) => r.status).sort();
    expect([
      [201, 402],
      [201, 429],
    ]).toContainEqual(statuses);
    const refused = results.find((r) => r.status !== 201);
    expect(refused?.body.message).toMatch(
      /Not enough storage.*Upgrade your plan|Another upload of yours is still running/,
    );
    expect(await fileRowsOf(t, user.id)).toBe(1);
    expect(await storageUsedOf(t, user.id)).toBe(await storedBytesOf(t, user.id));
    expect(await storageUsedOf(t, user.id)).toBeLessThanOrEqual(10 * MB);
    expect(await keysUnder(t.storage, "staging/")).toEqual([]);
  });

  it("never passes the remaining space, whatever 10 parallel uploads of one user do", async () => {
    const { agent, user } = accounts[1];
    const first = await upload(agent, [{ name: "probe.pdf", data: fileOf("pdf", 50_000) }]);
    expect(first.status).toBe(201);
    const perFile = await storedBytesOf(t, user.id); // encrypted size of one such file
    await t.db.execute(
      sql`update users set storage_limit = ${perFile * 5 + Math.floor(perFile / 2)} where id = ${user.id}`,
    );
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => upload(agent, [{ name: `p${i}.pdf`, data: fileOf("pdf", 50_000) }])),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => ![201, 402, 429].includes(s))).toEqual([]);
    const created = statuses.filter((s) => s === 201).length;
    expect(created).toBeGreaterThanOrEqual(1);
    expect(created).toBeLessThanOrEqual(4);
    expect(await storageUsedOf(t, user.id)).toBe(perFile * (1 + created));
    expect(await storedBytesOf(t, user.id)).toBe(perFile * (1 + created));
  });

  it("answers 402 for the 26th file on freemium, naming the limit, and stores nothing", async () => {
    const { agent, user } = accounts[2];
    for (const batch of [small(10, "a"), small(10, "b"), small(5, "c")]) {
      expect((await upload(agent, batch, { category: "other" })).status).toBe(201);
    }
    const usage = await storageUsedOf(t, user.id);
    const res = await upload(agent, [{ name: "26.pdf", data: fileOf("pdf", 64) }], { category: "other" });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe("Your plan allows 25 files. Upgrade your plan to lift this limit.");
    expect(await fileRowsOf(t, user.id)).toBe(25);
    expect(await storageUsedOf(t, user.id)).toBe(usage);
    expect(await keysUnder(t.storage, "staging/")).toEqual([]);
  });

  it("refuses a batch that would pass the file count even when some of it would fit", async () => {
    const { agent, user } = accounts[3];
    for (const batch of [small(10, "a"), small(10, "b")]) expect((await upload(agent, batch)).status).toBe(201);
    expect((await upload(agent, small(6, "c"))).status).toBe(402);
    expect(await fileRowsOf(t, user.id)).toBe(20);
  });

  it("answers 402 for the 21st video on freemium", async () => {
    const { agent } = accounts[5];
    const videos = (n: number, p: string) =>
      Array.from({ length: n }, (_, i) => ({ name: `${p}${i}.mp4`, data: fileOf("mp4", 64) }));
    expect((await upload(agent, videos(10, "a"), { category: "videos" })).status).toBe(201);
    expect((await upload(agent, videos(10, "b"), { category: "videos" })).status).toBe(201);
    const res = await upload(agent, videos(1, "c"), { category: "videos" });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe("Your plan allows 20 videos. Upgrade your plan to lift this limit.");
  });

  it("has no file count on a paid plan", async () => {
    const { agent, user } = accounts[4];
    await t.db.execute(
      sql`update users set plan = 'basic_premium', storage_limit = ${2048 * MB} where id = ${user.id}`,
    );
    for (const batch of [small(10, "a"), small(10, "b"), small(10, "c")]) {
      expect((await upload(agent, batch)).status).toBe(201);
    }
    expect(await fileRowsOf(t, user.id)).toBe(30);
  });

  it("refuses at once, before reading the body, when the storage is already full", async () => {
    const [owner] = await buildUsers(t, 1);
    await t.db.execute(sql`update users set storage_used = storage_limit where id = ${owner.user.id}`);
    const res = await upload(owner.agent, [{ name: "late.pdf", data: fileOf("pdf") }]);
    expect(res.status).toBe(402);
    expect(res.body.message).toBe("Your storage is full. Upgrade your plan or buy more storage to lift this limit.");
    expect(await keysUnder(t.storage, "staging/")).toEqual([]);
  });
});
