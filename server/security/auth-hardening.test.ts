import fs from "node:fs";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateToken, hashToken } from "../lib/tokens";
import { startTestApp, type TestApp } from "../test/harness";
import { CLIENT_OWNED_RESOURCES, createOwned, type OwnedId } from "./owned-resources";

/**
 * Cases of the security plan that no feature test covered: the per-address daily sign-in limit across many accounts
 * (AUTH-03), upgrading a weaker stored hash (AUTH-05), token entropy and hashed storage (TOK-01), agents and admins
 * on client data (IDOR-03/10), blob keys as URLs (IDOR-04) and prototype keys in JSON bodies (MASS-08).
 */
const ADMIN_EMAIL = "boss@heirloom.example";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
});
afterAll(async () => {
  await t.close();
});

const sample = (route: { path: string; resource?: string }, ids: Record<string, OwnedId>) =>
  route.path.replace(":id", String(ids[route.resource ?? ""] ?? 1)).replace(":token", "A".repeat(43));

describe("a weaker stored password hash (AUTH-05)", () => {
  it("is upgraded to argon2id m=19456,t=2,p=1 at the next sign-in, and the password keeps working", async () => {
    const { user, password } = await t.signUp();
    const weak = await hash(password, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await t.db.execute(sql`update users set password_hash = ${weak} where id = ${user.id}`);
    expect((await t.request().post("/api/login").send({ email: user.email, password })).status).toBe(200);
    const rows = await t.db.execute<{ h: string }>(sql`select password_hash as h from users where id = ${user.id}`);
    expect(rows.rows[0].h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(rows.rows[0].h).not.toContain(password);
    expect((await t.request().post("/api/login").send({ email: user.email, password })).status).toBe(200);
  });

  it("is left alone after a wrong password", async () => {
    const { user, password } = await t.signUp();
    const weak = await hash(password, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await t.db.execute(sql`update users set password_hash = ${weak} where id = ${user.id}`);
    const res = await t.request().post("/api/login").send({ email: user.email, password: "Wrong-Password-1" });
    expect(res.status).toBe(401);
    const rows = await t.db.execute<{ h: string }>(sql`select password_hash as h from users where id = ${user.id}`);
    expect(rows.rows[0].h).toBe(weak);
  });
});

describe("tokens (TOK-01)", () => {
  it("are 256-bit base64url strings, never UUIDs, with no collision in 100 000", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i += 1) {
      const token = generateToken();
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      seen.add(token);
    }
    expect(seen.size).toBe(100_000);
    expect([...seen].some((token) => /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(token))).toBe(false);
    expect(hashToken("x")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("are stored only as SHA-256 hashes: the e-mail verification token in the database is not the mailed one", async () => {
    const { user } = await t.signUp();
    await t.deliverOutbox();
    const token = t.smtp.linkFor(user.email, "/verify-email/")!.split("/").pop()!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.execute<{ v: string }>(
      sql`select email_verification_token as v from users where id = ${user.id}`,
    );
    expect(rows.rows[0].v).toBe(hashToken(token));
    const dump = await t.db.execute(sql`select u::text as row from users u`);
    expect(JSON.stringify(dump.rows)).not.toContain(token);
  });
});

describe("agents and admins on a client's data (IDOR-03, IDOR-10)", () => {
  it("answer 403 on every client route, reads and writes, with the client's own ids, and change nothing", async () => {
    const owner = await t.signUp();
    const ids: Record<string, OwnedId> = {};
    for (const name of Object.keys(CLIENT_OWNED_RESOURCES)) ids[name] = await createOwned(owner.agent, name, t);
    const before: Record<string, unknown> = {};
    for (const [name, resource] of Object.entries(CLIENT_OWNED_RESOURCES))
      before[name] = await resource.snapshot(owner.agent, ids[name]);

    const agentUser = await t.signUp({ userType: "agent" });
    const admin = await t.signUp({ email: ADMIN_EMAIL });
    await t.deliverOutbox();
    const token = t.smtp.linkFor(ADMIN_EMAIL, "/verify-email/")!.split("/").pop();
    await t.request().post("/api/auth/verify-email").send({ token }).expect(200);
    expect((await admin.agent.post("/api/auth/promote-admin").send({})).status).toBe(200);
    expect((await admin.agent.get("/api/user")).body.userType).toBe("admin");

    const clientRoutes = t.routes.filter((r) => r.access === "client");
    expect(clientRoutes.length).toBeGreaterThan(30);
    for (const actor of [agentUser, admin]) {
      for (const route of clientRoutes) {
        const res = await actor.agent[route.method](sample(route, ids)).send({ title: "Taken over" });
        expect(res.status, `${route.method} ${route.path}`).toBe(403);
        expect(res.text).not.toContain("CANARY");
      }
    }
    for (const [name, resource] of Object.entries(CLIENT_OWNED_RESOURCES))
      expect(await resource.snapshot(owner.agent, ids[name]), name).toEqual(before[name]);
  });
});

describe("blob keys as URLs (IDOR-04)", () => {
  it("never serves the storage directory, to the owner or to anyone else", async () => {
    const owner = await t.signUp();
    const id = await createOwned(owner.agent, "asset", t);
    const rows = await t.db.execute<{ key: string }>(sql`select file_path as key from digital_assets where id = ${id}`);
    const key = rows.rows[0].key;
    const blob = fs.readFileSync(path.join(t.dataDir, "blobs", key));
    const head = blob.subarray(0, 64);
    const leaks = (res: { body: unknown; text?: string }) =>
      (Buffer.isBuffer(res.body) && res.body.includes(head)) || Buffer.from(res.text ?? "", "latin1").includes(head);
    for (const url of [`/${key}`, `/uploads/${key}`, `/blobs/${key}`, `/data/blobs/${key}`, `/api/assets/${key}`]) {
      for (const client of [owner.agent, t.request()]) {
        const res = await client.get(url).buffer(true);
        expect(res.status, url).not.toBe(200);
        expect(leaks(res), url).toBe(false);
      }
    }
    expect((await owner.agent.get(`/api/assets/${id}/download`)).status).toBe(200);
  });
});

describe("prototype keys in JSON bodies (MASS-08)", () => {
  const polluted = (fields: Record<string, unknown>) =>
    JSON.stringify(fields).replace(
      /^\{/,
      '{"__proto__":{"isAdmin":true,"userType":"admin"},"constructor":{"prototype":{"role":"admin"}},',
    );

  it("grants nothing and pollutes no prototype on sign-up, create and update", async () => {
    const email = t.uniqueEmail();
    const reg = await t
      .request()
      .post("/api/register")
      .set("Content-Type", "application/json")
      .send(polluted({ email, password: "Kente-Cloth-2026", firstName: "A", lastName: "B" }));
    expect([201, 400]).toContain(reg.status);
    if (reg.status === 201) expect(reg.body.userType).toBe("client");

    const { agent } = await t.signUp();
    const created = await agent
      .post("/api/beneficiaries")
      .set("Content-Type", "application/json")
      .send(polluted({ firstName: "Kofi", lastName: "Mensah", email: "kofi@example.com", relationship: "child" }));
    expect([201, 400]).toContain(created.status);
    const id = created.status === 201 ? created.body.id : await createOwned(agent, "beneficiary", t);
    const updated = await agent
      .patch(`/api/beneficiaries/${id}`)
      .set("Content-Type", "application/json")
      .send(polluted({ firstName: "Ama" }));
    expect([200, 400]).toContain(updated.status);

    const empty: Record<string, unknown> = {};
    expect(empty.isAdmin).toBeUndefined();
    expect(empty.role).toBeUndefined();
    expect(empty.userType).toBeUndefined();
    expect((await agent.get("/api/user")).body.userType).toBe("client");
    const admins = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where user_type = 'admin' and email <> ${ADMIN_EMAIL}`,
    );
    expect(admins.rows[0].n).toBe(0);
  });
});

describe("one address trying many accounts (AUTH-03, ABUSE-04)", () => {
  let tight: TestApp;
  beforeAll(async () => {
    tight = await startTestApp({
      env: { TRUST_PROXY: "1" },
      config: {
        rateLimits: {
          loginPerAccountAndIp: { points: 100, durationSeconds: 600 },
          loginFailuresPerIpPerDay: { points: 5, durationSeconds: 86_400 },
          loginSlowLanePerIp: { points: 1, durationSeconds: 300 },
          registerPerIp: { points: 100, durationSeconds: 3600 },
          passwordResetPerIp: { points: 100, durationSeconds: 3600 },
          tokenLookupPerIp: { points: 100, durationSeconds: 3600 },
        },
      },
    });
  });
  afterAll(async () => {
    await tight.close();
  });

  it("is refused with 429 after the daily failure budget, for minutes not a day; a regular of the address still signs in", async () => {
    const shared = "192.0.2.50";
    const regular = { email: tight.uniqueEmail("regular"), password: "Kente-Cloth-2026" };
    await tight
      .request()
      .post("/api/register")
      .set("X-Forwarded-For", shared)
      .send({ ...regular, firstName: "Yaw", lastName: "Darko" })
      .expect(201);
    const stranger = await tight.signUp(); // never signed in from the shared address
    const stuff = () =>
      tight
        .request()
        .post("/api/login")
        .set("X-Forwarded-For", shared)
        .send({ email: tight.uniqueEmail("stuffed"), password: "Wrong-Password-1" });
    for (let i = 0; i < 5; i += 1) expect((await stuff()).status).toBe(401);
    expect((await stuff()).status).toBe(401); // the slow lane's one attempt of this window
    const refused = await stuff();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(300);
    expect(refused.headers["set-cookie"]).toBeUndefined();
    const audit = await tight.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'login_blocked'`,
    );
    expect(audit.rows[0].n).toBe(1);

    // a stranger's right password waits for the slow lane too; a regular's passes at once
    const waiting = await tight
      .request()
      .post("/api/login")
      .set("X-Forwarded-For", shared)
      .send({ email: stranger.user.email, password: stranger.password });
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers["retry-after"])).toBeLessThanOrEqual(300);
    const ok = await tight.request().post("/api/login").set("X-Forwarded-For", shared).send(regular);
    expect(ok.status).toBe(200);
  });
});
