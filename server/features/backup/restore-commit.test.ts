import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { BlobStorage } from "../../lib/storage";
import { startTestApp, type TestApp } from "../../test/harness";
import { keysUnder } from "../../test/files";
import { sweepStaleUploads } from "../assets/sweeper";
import { exportBackup, importBackup, ownedCounts } from "./backup.test-support";
import { buildEstate, setPlan } from "../../test/factories";

/**
 * A restore moves its blobs outside every transaction (issue 12): its file rows are inserted `pending` first, the
 * blobs moved, then one transaction writes the records and commits the files. Nothing is visible before that commit,
 * a failure leaves nothing, and whatever a crash leaves at any point is swept.
 */

const isRealPostgres = Boolean(process.env.TEST_DATABASE_URL);
const MINUTE = 60 * 1000;

let t: TestApp;
let archive: Buffer;
let realMove: BlobStorage["move"];
beforeAll(async () => {
  t = await startTestApp();
  const source = await t.signUp();
  await buildEstate(source.agent); // two files
  archive = (await exportBackup(source.agent, "zip")).body as Buffer;
  realMove = t.storage.move.bind(t.storage);
});
afterEach(() => {
  t.storage.move = realMove;
  t.clock.set(new Date());
});
afterAll(async () => {
  await t.close();
});

/**
 * Holds the restore's `n`-th blob move (1-based) until `release()`; the moves before it go through. `reached` resolves
 * when the restore is waiting there.
 */
function holdMove(n: number) {
  let calls = 0;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reachedResolve!: () => void;
  const reached = new Promise<void>((resolve) => (reachedResolve = resolve));
  t.storage.move = async (from, to) => {
    calls += 1;
    if (from.startsWith("restore/") && calls === n) {
      reachedResolve();
      await gate;
    }
    return realMove(from, to);
  };
  return { reached, release };
}

async function pendingRows(userId: number): Promise<number> {
  const rows = await t.db.execute(
    sql`select count(*)::int as n from digital_assets where user_id = ${userId} and status = 'pending'`,
  );
  return Number(rows.rows[0].n);
}

async function blobCount(): Promise<number> {
  return (await keysUnder(t.storage, "blobs/")).length;
}

describe(`restore blobs move outside every transaction (${isRealPostgres ? "PostgreSQL" : "embedded engine"})`, () => {
  it("answers other requests — the same user's writes included — while its blobs move, showing nothing of it yet", async () => {
    const target = await t.signUp();
    await setPlan(t, target.user.id, "advanced_premium");
    const other = await t.signUp();
    const before = await ownedCounts(t, target.user.id);
    const held = holdMove(1);
    const restoring = importBackup(target.agent, archive, "backup.zip").then((res) => res);
    await held.reached;

    // No transaction is open: another user's read, and the restoring user's own write (which locks the user row
    // for its limits) are answered. With the moves inside the transaction, both waited for it.
    expect((await other.agent.get("/api/assets")).status).toBe(200);
    const own = await target.agent
      .post("/api/beneficiaries")
      .send({ firstName: "Yaw", lastName: "Owusu", email: "yaw@example.com", relationship: "sibling" });
    expect(own.status).toBe(201);

    // Nothing of the restore is visible yet: its files are pending rows, its records not written.
    expect((await target.agent.get("/api/assets")).body).toEqual([]);
    expect((await target.agent.get("/api/beneficiaries")).body).toHaveLength(1);
    expect((await target.agent.get("/api/digital-wills")).body).toEqual([]);
    expect(await pendingRows(target.user.id)).toBe(2);

    held.release();
    const res = await restoring;
    expect(res.status, res.text).toBe(201);
    expect(res.body.created).toMatchObject({ files: 2, beneficiaries: 2, wills: 2 });
    expect(await pendingRows(target.user.id)).toBe(0);
    const files = (await target.agent.get("/api/assets")).body as { id: number }[];
    expect(files).toHaveLength(2);
    for (const file of files) expect((await target.agent.get(`/api/assets/${file.id}/download`)).status).toBe(200);
    expect(await ownedCounts(t, target.user.id)).toMatchObject({ beneficiaries: before.beneficiaries + 3 });
  });

  it("leaves nothing when a blob move fails after the files were reserved: no record, no row, no usage, no blob", async () => {
    const { agent, user } = await t.signUp();
    const before = await ownedCounts(t, user.id);
    const blobs = await blobCount();
    let calls = 0;
    t.storage.move = async (from, to) => {
      calls += 1;
      if (calls === 2) throw new Error("disk gone");
      return realMove(from, to);
    };
    const res = await importBackup(agent, archive, "backup.zip");
    expect(res.status).toBe(500);
    expect(await ownedCounts(t, user.id)).toEqual(before);
    expect(await pendingRows(user.id)).toBe(0);
    expect(await blobCount()).toBe(blobs);
    expect(await keysUnder(t.storage, "restore/")).toEqual([]);
  });

  it("sweeps what a crash between the reservation and the commit leaves, once the restore's lease has run out", async () => {
    const { agent, user } = await t.signUp();
    const before = await ownedCounts(t, user.id);
    const blobs = await blobCount();
    // The second move waits: the first file's blob is in blobs/, the second's still in restore/, both rows pending.
    const held = holdMove(2);
    const restoring = importBackup(agent, archive, "backup.zip").then((res) => res);
    await held.reached;
    expect(await pendingRows(user.id)).toBe(2);
    expect(await blobCount()).toBe(blobs + 1);
    const reserved = (await ownedCounts(t, user.id)).storageUsed;
    expect(reserved).toBeGreaterThan(8000);

    // Long after, while the restore still renews its lease, the sweeper leaves it alone.
    t.clock.set(new Date(Date.now() + 20 * MINUTE));
    expect(await sweepStaleUploads(t.deps, 15 * MINUTE)).toMatchObject({ pendingRows: 0 });
    expect(await pendingRows(user.id)).toBe(2);

    // The process dies here: its lease runs out (moved into the past, as time would), and the next sweep removes
    // the pending rows, gives their bytes back, and deletes their blobs wherever they had got to.
    await t.db.execute(
      sql`update job_leases set expires_at = now() - interval '1 second' where user_id = ${user.id} and kind = 'restore'`,
    );
    const parked = await keysUnder(t.storage, "restore/"); // the spool's chunks and the second file's blob
    expect(await sweepStaleUploads(t.deps, 15 * MINUTE)).toMatchObject({ pendingRows: 2 });
    expect(await ownedCounts(t, user.id)).toEqual(before);
    expect(await blobCount()).toBe(blobs);
    expect(await keysUnder(t.storage, "restore/")).toHaveLength(parked.length - 1);

    // Had the process lived on after all, its commit finds its rows gone and refuses to write anything.
    held.release();
    expect((await restoring).status).toBe(500);
    expect(await ownedCounts(t, user.id)).toEqual(before);
    expect(await blobCount()).toBe(blobs);
    expect(await keysUnder(t.storage, "restore/")).toEqual([]);
  });

  it("takes the preview (dry run) through the same checks without moving a blob or leaving a row", async () => {
    const { agent, user } = await t.signUp();
    const before = await ownedCounts(t, user.id);
    let moves = 0;
    t.storage.move = async (from, to) => {
      moves += 1;
      return realMove(from, to);
    };
    const res = await importBackup(agent, archive, "backup.zip", true);
    expect(res.status).toBe(200);
    expect(res.body.created.files).toBe(2);
    expect(moves).toBe(0);
    expect(await ownedCounts(t, user.id)).toEqual(before);
    expect(await pendingRows(user.id)).toBe(0);
  });
});
