import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetReleases } from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";
import { buildBeneficiary, buildUsers, type Account } from "../../test/factories";
import { fileOf, sha256, upload } from "../../test/files";
import { SAMPLES } from "../../test/typed-asset-samples";
import { createTestRelease } from "./releases.test-support";

let t: TestApp;
let owner: Account;
let other: Account;
const pdf = fileOf("pdf", 300_000);
let fileId: number;
let unreleasedFileId: number;
let otherFileId: number;
let accountId: number;
let beneficiaryId: number;

beforeAll(async () => {
  t = await startTestApp();
  [owner, other] = await buildUsers(t, 2);
  const up = await upload(owner.agent, [
    { name: "deed.pdf", data: pdf },
    { name: "private.pdf", data: fileOf("pdf") },
  ]);
  [fileId, unreleasedFileId] = (up.body as { id: number }[]).map((f) => f.id);
  otherFileId = (await upload(other.agent, [{ name: "theirs.pdf", data: fileOf("pdf") }])).body[0].id;
  const account = await owner.agent.post(SAMPLES.online_accounts.path).send(SAMPLES.online_accounts.body);
  expect(account.status).toBe(201);
  accountId = account.body.id;
  beneficiaryId = (await buildBeneficiary(owner.agent)).id as number;
});
afterAll(() => t.close());

const release = async (message: string | null = "Look after the house, Kofi.") =>
  createTestRelease(t, {
    ownerId: owner.user.id,
    beneficiaryId,
    message,
    items: [
      { kind: "file", id: fileId },
      { kind: "online_account", id: accountId },
    ],
  });

const statusOf = async (id: number) => (await t.db.select().from(assetReleases).where(eq(assetReleases.id, id)))[0];

describe("POST /api/releases/open", () => {
  it("opens the release: the owner's name and message, the records decrypted, the files listed", async () => {
    const r = await release();
    const res = await t.agent().post("/api/releases/open").send({ token: r.token });
    expect(res.status).toBe(200);
    expect(res.body.release).toMatchObject({
      id: r.id,
      ownerName: "Ama Mensah",
      beneficiaryName: "Kofi Boateng",
      message: "Look after the house, Kofi.",
      isTest: false,
    });
    expect(Date.parse(res.body.release.expiresAt) - t.clock.now().getTime()).toBe(90 * 24 * 3600 * 1000);
    const [file, account] = res.body.assets;
    expect(file).toEqual({
      kind: "file",
      id: fileId,
      originalFileName: "deed.pdf",
      fileSize: pdf.length,
      mimeType: "application/pdf",
    });
    expect(account).toMatchObject({ kind: "online_account", id: accountId, title: "Gmail" });
    expect(account.username).toBe(SAMPLES.online_accounts.body.username);
    expect(account.twoFactorInfo).toBe(SAMPLES.online_accounts.body.twoFactorInfo);
    expect(account).not.toHaveProperty("userId");
    expect(account).not.toHaveProperty("assignedToBeneficiary");
  });

  it("moves pending to opened once, and logs and audits every open for the owner", async () => {
    const r = await release(null);
    expect((await statusOf(r.id)).status).toBe("pending");
    const first = t.clock.now();
    expect((await t.request().post("/api/releases/open").send({ token: r.token })).status).toBe(200);
    t.clock.advance(60_000);
    const again = await t.request().post("/api/releases/open").send({ token: r.token });
    expect(again.body.release.message).toBeNull();
    const row = await statusOf(r.id);
    expect(row.status).toBe("opened");
    expect(row.accessedAt?.getTime()).toBe(first.getTime());
    const accesses = await t.db.execute(sql`select action from release_accesses where release_id = ${r.id}`);
    expect(accesses.rows.map((a) => a.action)).toEqual(["open", "open"]);
    const audit = await t.db.execute(
      sql`select actor_id, subject_user_id from audit_events where action = 'release_opened' and target = ${`release:${r.id}`}`,
    );
    expect(audit.rows).toEqual([
      { actor_id: null, subject_user_id: owner.user.id },
      { actor_id: null, subject_user_id: owner.user.id },
    ]);
  });

  it("answers unknown, revoked and expired links with the same 404 (TOK-02, TOK-04)", async () => {
    const revoked = await release();
    expect((await owner.agent.post(`/api/releases/${revoked.id}/revoke`)).status).toBe(200);
    const expired = await release();
    await t.db.update(assetReleases).set({ status: "expired" }).where(eq(assetReleases.id, expired.id));
    const bodies = [];
    for (const token of ["A".repeat(43), revoked.token, expired.token, "", "x"]) {
      const res = await t.request().post("/api/releases/open").send({ token });
      expect(res.status).toBe(404);
      bodies.push(res.text);
    }
    expect(new Set(bodies).size).toBe(1);
    expect((await statusOf(revoked.id)).status).toBe("revoked");
  });

  it("refuses a body without a token with 400 and opens nothing", async () => {
    const res = await t.request().post("/api/releases/open").send({});
    expect(res.status).toBe(400);
  });

  it("stores only the token's SHA-256, and the token carries 256 bits (TOK-01)", async () => {
    const r = await release();
    expect(r.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.execute(sql`select * from asset_releases where id = ${r.id}`);
    expect(JSON.stringify(rows.rows)).not.toContain(r.token);
    expect(rows.rows[0].token_hash).toBe(sha256(Buffer.from(r.token)));
  });
});

describe("the release session", () => {
  it("reads the release and downloads its file byte for byte, as an attachment", async () => {
    const r = await release();
    const ben = t.agent();
    await ben.post("/api/releases/open").send({ token: r.token });
    const view = await ben.get(`/api/releases/${r.id}`);
    expect(view.status).toBe(200);
    expect(view.body.release.id).toBe(r.id);
    expect(view.body.assets).toHaveLength(2);
    const file = await ben.get(`/api/releases/${r.id}/files/${fileId}`).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers["content-disposition"]).toMatch(/^attachment; filename="deed.pdf"/);
    expect(sha256(file.body as Buffer)).toBe(sha256(pdf));
    const log = await t.db.execute(
      sql`select action, item_kind, item_id, bytes::int as bytes from release_accesses where release_id = ${r.id} order by id`,
    );
    expect(log.rows[1]).toEqual({ action: "download", item_kind: "file", item_id: fileId, bytes: pdf.length });
    const audit = await t.db.execute(
      sql`select subject_user_id from audit_events where action = 'release_file_downloaded' and target = ${`release:${r.id}`}`,
    );
    expect(audit.rows).toEqual([{ subject_user_id: owner.user.id }]);
  });

  it("reaches nothing outside its release: other files, other releases, owner routes (IDOR-12)", async () => {
    const r = await release();
    const second = await release();
    const ben = t.agent();
    await ben.post("/api/releases/open").send({ token: r.token });
    for (const path of [
      `/api/releases/${r.id}/files/${unreleasedFileId}`,
      `/api/releases/${r.id}/files/${otherFileId}`,
      `/api/releases/${second.id}`,
      `/api/releases/${second.id}/files/${fileId}`,
      `/api/releases/${r.id}/files/abc`,
    ]) {
      expect((await ben.get(path)).status, path).toBe(404);
    }
    for (const path of ["/api/assets", `/api/assets/${fileId}/download`, "/api/online-accounts", "/api/releases"]) {
      expect((await ben.get(path)).status, path).toBe(401);
    }
    expect((await ben.post(`/api/releases/${r.id}/revoke`)).status).toBe(401);
  });

  it("answers 404 without a release session, and to the owner's own account", async () => {
    const r = await release();
    expect((await t.request().get(`/api/releases/${r.id}`)).status).toBe(404);
    expect((await owner.agent.get(`/api/releases/${r.id}`)).status).toBe(404);
    expect((await owner.agent.get(`/api/releases/${r.id}/files/${fileId}`)).status).toBe(404);
  });

  it("holds one release only: opening a second link replaces the first", async () => {
    const first = await release();
    const second = await release();
    const ben = t.agent();
    await ben.post("/api/releases/open").send({ token: first.token });
    await ben.post("/api/releases/open").send({ token: second.token });
    expect((await ben.get(`/api/releases/${first.id}`)).status).toBe(404);
    expect((await ben.get(`/api/releases/${second.id}`)).status).toBe(200);
  });

  it("is never mixed with a sign-in: opening a link signs the browser out, with a new session id", async () => {
    const r = await release();
    const { agent } = await t.signUp();
    expect((await agent.get("/api/user")).status).toBe(200);
    const opened = await agent.post("/api/releases/open").send({ token: r.token });
    expect(String(opened.headers["set-cookie"])).toMatch(/hl\.sid=/);
    expect((await agent.get("/api/user")).status).toBe(401);
    expect((await agent.get(`/api/releases/${r.id}`)).status).toBe(200);
  });

  it("gives a planted session cookie a new id, so whoever planted it gains nothing (session fixation)", async () => {
    const theirs = await release();
    const victims = await release();
    const attacker = await t.request().post("/api/releases/open").send({ token: theirs.token });
    const planted = String(attacker.headers["set-cookie"]).split(";")[0];
    const opened = await t.request().post("/api/releases/open").set("Cookie", planted).send({ token: victims.token });
    const issued = String(opened.headers["set-cookie"]).split(";")[0];
    expect(issued).toMatch(/^hl\.sid=/);
    expect(issued).not.toBe(planted);
    expect((await t.request().get(`/api/releases/${victims.id}`).set("Cookie", planted)).status).toBe(404);
    expect((await t.request().get(`/api/releases/${victims.id}`).set("Cookie", issued)).status).toBe(200);
  });

  it("stops at once when the owner revokes, mid-session (TOK-04)", async () => {
    const r = await release();
    const ben = t.agent();
    await ben.post("/api/releases/open").send({ token: r.token });
    expect((await ben.get(`/api/releases/${r.id}`)).status).toBe(200);
    expect((await owner.agent.post(`/api/releases/${r.id}/revoke`)).status).toBe(200);
    expect((await ben.get(`/api/releases/${r.id}`)).status).toBe(404);
    expect((await ben.get(`/api/releases/${r.id}/files/${fileId}`)).status).toBe(404);
    expect((await ben.post("/api/releases/open").send({ token: r.token })).status).toBe(404);
  });

  it("stops at the link's expiry instant, before the expiry task has run", async () => {
    const r = await release();
    const ben = t.agent();
    await ben.post("/api/releases/open").send({ token: r.token });
    t.clock.advance(90 * 24 * 3600 * 1000);
    expect((await ben.get(`/api/releases/${r.id}`)).status).toBe(404);
    expect((await t.request().post("/api/releases/open").send({ token: r.token })).status).toBe(404);
    t.clock.advance(-90 * 24 * 3600 * 1000);
  });

  it("ends after 30 idle minutes like any session", async () => {
    const r = await release();
    const ben = t.agent();
    await ben.post("/api/releases/open").send({ token: r.token });
    t.clock.advance(31 * 60 * 1000);
    expect((await ben.get(`/api/releases/${r.id}`)).status).toBe(404);
  });
});
