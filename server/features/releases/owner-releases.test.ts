import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetReleases } from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";
import { buildUsers, type Account } from "../../test/factories";
import { fileOf, upload } from "../../test/files";
import { createTestRelease } from "./releases.test-support";

let t: TestApp;
let owner: Account;
let other: Account;
let fileId: number;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await startTestApp();
  [owner, other] = await buildUsers(t, 2);
  fileId = (await upload(owner.agent, [{ name: "deed.pdf", data: fileOf("pdf") }])).body[0].id;
});
afterAll(() => t.close());

const release = (ownerId = owner.user.id, items = [{ kind: "file" as const, id: fileId }]) =>
  createTestRelease(t, { ownerId, items, message: "For you" });
const statusOf = async (id: number) =>
  (await t.db.select().from(assetReleases).where(eq(assetReleases.id, id)))[0].status;

describe("GET /api/releases", () => {
  it("answers 401 without a session", async () => {
    expect((await t.request().get("/api/releases")).status).toBe(401);
  });

  it("lists the owner's releases newest first with who opened and downloaded what, and no one else's", async () => {
    const older = await release();
    t.clock.advance(60_000);
    const newer = await release();
    const foreign = await release(other.user.id, []);
    const ben = t.agent();
    await ben.post("/api/releases/open").send({ token: older.token });
    t.clock.advance(1000);
    await ben.get(`/api/releases/${older.id}/files/${fileId}`).buffer(true);

    const res = await owner.agent.get("/api/releases");
    expect(res.status).toBe(200);
    const ids = (res.body as { id: number }[]).map((r) => r.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(foreign.id);
    const first = res.body.find((r: { id: number }) => r.id === older.id);
    expect(first).toMatchObject({ status: "opened", beneficiaryName: "Kofi Boateng", itemCount: 1, isTest: false });
    expect(first.accessedAt).not.toBeNull();
    expect(first.accesses).toEqual([
      expect.objectContaining({ action: "open", itemKind: null }),
      expect.objectContaining({ action: "download", itemKind: "file", itemId: fileId, itemName: "deed.pdf" }),
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/token|tokenHash|For you/);
    expect((await other.agent.get("/api/releases")).body.map((r: { id: number }) => r.id)).toEqual([foreign.id]);
  });
});

describe("POST /api/releases/:id/revoke", () => {
  it("revokes the owner's release at once, audited, and answers the same the second time", async () => {
    const r = await release();
    const res = await owner.agent.post(`/api/releases/${r.id}/revoke`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: r.id, status: "revoked" });
    expect(res.body.revokedAt).toBe(t.clock.now().toISOString());
    expect(await statusOf(r.id)).toBe("revoked");
    const again = await owner.agent.post(`/api/releases/${r.id}/revoke`);
    expect(again.status).toBe(200);
    expect(again.body.revokedAt).toBe(res.body.revokedAt);
    const audit = await t.db.execute(
      sql`select actor_id, subject_user_id from audit_events where action = 'release_revoked' and target = ${`release:${r.id}`}`,
    );
    expect(audit.rows).toEqual([{ actor_id: owner.user.id, subject_user_id: owner.user.id }]);
  });

  it("answers 404 for another owner's release and for ids that do not exist, changing nothing", async () => {
    const r = await release();
    expect((await other.agent.post(`/api/releases/${r.id}/revoke`)).status).toBe(404);
    expect((await owner.agent.post(`/api/releases/999999/revoke`)).status).toBe(404);
    expect((await owner.agent.post(`/api/releases/abc/revoke`)).status).toBe(404);
    expect(await statusOf(r.id)).toBe("pending");
  });

  it("answers 409 for a release that has already expired", async () => {
    const r = await release();
    await t.db.update(assetReleases).set({ status: "expired" }).where(eq(assetReleases.id, r.id));
    expect((await owner.agent.post(`/api/releases/${r.id}/revoke`)).status).toBe(409);
    expect(await statusOf(r.id)).toBe("expired");
  });
});

describe("the release expiry task", () => {
  it("expires pending and opened releases past their link's expiry, once, and leaves the rest", async () => {
    const pending = await release();
    const opened = await release();
    await t.request().post("/api/releases/open").send({ token: opened.token });
    const revoked = await release();
    await owner.agent.post(`/api/releases/${revoked.id}/revoke`);
    t.clock.advance(45 * DAY);
    const fresh = await release();
    t.clock.advance(45 * DAY - 1);
    await t.tick();
    expect(await statusOf(pending.id)).toBe("pending");
    t.clock.advance(1);
    const first = await t.tick();
    expect(first["release-expiry"]).toBeGreaterThanOrEqual(2);
    expect(await statusOf(pending.id)).toBe("expired");
    expect(await statusOf(opened.id)).toBe("expired");
    expect(await statusOf(revoked.id)).toBe("revoked");
    expect(await statusOf(fresh.id)).toBe("pending");
    expect((await t.tick())["release-expiry"]).toBe(0);
    const audit = await t.db.execute(
      sql`select subject_user_id from audit_events where action = 'release_expired' and target = ${`release:${pending.id}`}`,
    );
    expect(audit.rows).toEqual([{ subject_user_id: owner.user.id }]);
    expect((await t.request().post("/api/releases/open").send({ token: pending.token })).status).toBe(404);
  });
});

describe("the release page /release/:token", () => {
  it("changes nothing on GET and is sent with Referrer-Policy: no-referrer", async () => {
    const r = await release();
    const res = await t.request().get(`/release/${r.token}`);
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(await statusOf(r.id)).toBe("pending");
    const accesses = await t.db.execute(
      sql`select count(*)::int as n from release_accesses where release_id = ${r.id}`,
    );
    expect(accesses.rows[0].n).toBe(0);
  });
});
