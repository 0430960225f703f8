import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fileOf, fileRowsOf, keysUnder, storageUsedOf, upload } from "../test/files";
import { startTestApp, type TestApp } from "../test/harness";

/**
 * A database connection cut inside a multi-table write (REL-02): the upload's transaction reserves quota on `users`
 * and then inserts into `digital_assets`. The connection is cut (embedded: the in-process bridge ends it; PostgreSQL:
 * the harness's TCP proxy drops it) after the quota UPDATE and just before the INSERT. Nothing may be half-written:
 * no row, no reserved bytes, no blob, and the app answers 503 and recovers without a restart.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});

const textOf = (arg: unknown) =>
  typeof arg === "string" ? arg : String((arg as { text?: string } | undefined)?.text ?? "");

describe("a connection cut inside the upload's transaction (REL-02)", () => {
  it("leaves neither the quota reservation nor the row nor a blob, answers 503, and works again after", async () => {
    const { agent, user } = await t.signUp();
    const seen: string[] = [];
    let armed = true;
    const real = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const text = textOf(args[0]);
      if (armed) seen.push(text);
      if (armed && /^insert into "digital_assets"/i.test(text)) {
        armed = false;
        return t.pauseDatabase().then(() => (real as (...a: unknown[]) => Promise<unknown>).apply(this, args));
      }
      return (real as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof real);

    const res = await upload(agent, [{ name: "deed.pdf", data: fileOf("pdf", 64 * 1024) }]);
    spy.mockRestore();
    await t.resumeDatabase();

    expect(armed).toBe(false);
    // the cut came inside the transaction, after the quota had been reserved on the users row
    const begin = seen.findIndex((s) => /^begin/i.test(s));
    const reserve = seen.findIndex((s) => /^update "users" set "storage_used"/i.test(s));
    expect(begin).toBeGreaterThanOrEqual(0);
    expect(reserve).toBeGreaterThan(begin);
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toBeDefined();

    expect(await fileRowsOf(t, user.id)).toBe(0);
    expect(await storageUsedOf(t, user.id)).toBe(0);
    for (let waited = 0; waited < 5000 && (await keysUnder(t.storage, "staging/")).length > 0; waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await keysUnder(t.storage, "staging/")).toEqual([]);
    expect(await keysUnder(t.storage, "blobs/")).toEqual([]);

    const again = await upload(agent, [{ name: "deed.pdf", data: fileOf("pdf", 64 * 1024) }]);
    expect(again.status).toBe(201);
    expect(await fileRowsOf(t, user.id)).toBe(1);
    expect(await storageUsedOf(t, user.id)).toBeGreaterThan(0);
  });
});
