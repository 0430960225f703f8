import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAsset, buildBeneficiary } from "../../test/factories";
import { keysUnder } from "../../test/files";
import { startTestApp, type TestApp } from "../../test/harness";
import { buildAdmin } from "./admin.test-support";
import { ACTIVE_ADMIN_DELETE_MESSAGE, SELF_DELETE_MESSAGE, SELF_SUSPEND_MESSAGE } from "./admin-users.service";

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await buildAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const count = async (query: ReturnType<typeof sql>) => Number((await t.db.execute<{ n: number }>(query)).rows[0].n);
const auditCount = (action: string, target: string) =>
  count(sql`select count(*)::int as n from audit_events where action = ${action} and target = ${target}`);

describe("GET /api/admin/users", () => {
  it("filters by role, searches names and e-mails anywhere in them, pages with X-Total-Count", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    await t.signUp({ firstName: `Abena${tag}`, lastName: "Owusu" });
    await t.signUp({ email: `${tag}.kwame@example.com`, firstName: "Kwame", lastName: "Boateng" });
    await t.signUp({ userType: "agent", firstName: "Yaw", lastName: `Agent${tag}` });

    const all = await admin.agent.get("/api/admin/users").query({ q: tag.toUpperCase() });
    expect(all.status).toBe(200);
    expect(all.headers["x-total-count"]).toBe("3");
    expect(all.body.map((u: { firstName: string }) => u.firstName)).toEqual(["Yaw", "Kwame", `Abena${tag}`]);
    expect(all.body[0]).toMatchObject({ userType: "agent", status: "active", plan: "free", agentProfile: null });
    expect(Object.keys(all.body[0]).sort()).toEqual(
      [
        "id",
        "firstName",
        "lastName",
        "email",
        "userType",
        "plan",
        "status",
        "storageUsed",
        "storageLimit",
        "emailVerified",
        "twoFactorEnabled",
        "createdAt",
        "agentProfile",
      ].sort(),
    );

    const agents = await admin.agent.get("/api/admin/users").query({ q: tag, role: "agent" });
    expect(agents.body.map((u: { lastName: string }) => u.lastName)).toEqual([`Agent${tag}`]);
    const page2 = await admin.agent.get("/api/admin/users").query({ q: tag, limit: 2, offset: 2 });
    expect(page2.headers["x-total-count"]).toBe("3");
    expect(page2.body).toHaveLength(1);
    const admins = await admin.agent.get("/api/admin/users").query({ role: "admin" });
    expect(admins.body.map((u: { id: number }) => u.id)).toContain(admin.user.id);
    expect(admins.body.every((u: { userType: string }) => u.userType === "admin")).toBe(true);
  });

  it("treats % and _ in a search as plain characters", async () => {
    await t.signUp({ firstName: "Percent", lastName: "Sign" });
    const res = await admin.agent.get("/api/admin/users").query({ q: "%" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect((await admin.agent.get("/api/admin/users").query({ q: "_" })).body).toEqual([]);
  });

  it("answers 400 for an unknown role, a bad page or a repeated parameter, never 500", async () => {
    for (const query of ["role=owner", "limit=0", "limit=101", "offset=-1", "limit=abc", "role=admin&role=client"]) {
      const res = await admin.agent.get(`/api/admin/users?${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await admin.agent.get("/api/admin/users").query({ q: "x".repeat(101) })).body.message).toBe(
      "Search at most 100 characters",
    );
  });
});

describe("GET /api/admin/users/:userId", () => {
  it("shows metadata and counts only, and records the read", async () => {
    const owner = await t.signUp({ verified: true });
    await buildBeneficiary(owner.agent);
    await buildAsset(owner.agent);
    await owner.agent.post("/api/digital-wills").send({ title: "Will", content: "Everything to Esi." }).expect(201);
    const res = await admin.agent.get(`/api/admin/users/${owner.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: owner.user.id,
      email: owner.user.email,
      status: "active",
      counts: { files: 1, beneficiaries: 1, wills: 1, typedAssets: 0, trustedParties: 0, triggers: 0 },
    });
    expect(res.body.counts.activeSessions).toBeGreaterThanOrEqual(1);
    expect(res.text).not.toContain("Everything to Esi");
    expect(res.text).not.toMatch(/passwordHash|password_hash|Token|googleId|phone/);
    expect(await auditCount("admin_user_viewed", `user:${owner.user.id}`)).toBe(1);
  });

  it("answers 404 for a user that does not exist or a malformed id", async () => {
    expect((await admin.agent.get("/api/admin/users/2147483000")).status).toBe(404);
    expect((await admin.agent.get("/api/admin/users/abc")).status).toBe(404);
  });
});

describe("PATCH /api/admin/users/:userId/status (AUTH-10)", () => {
  it("suspends a user: both live sessions end at once, sign-in is refused, the event is logged; reactivation restores it", async () => {
    const victim = await t.signUp();
    const second = t.agent();
    await second.post("/api/login").send({ email: victim.user.email, password: victim.password }).expect(200);
    expect((await victim.agent.get("/api/user")).status).toBe(200);

    const res = await admin.agent.patch(`/api/admin/users/${victim.user.id}/status`).send({ status: "suspended" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: victim.user.id, status: "suspended" });
    expect(await count(sql`select count(*)::int as n from session where user_id = ${victim.user.id}`)).toBe(0);
    expect((await victim.agent.get("/api/user")).status).toBe(401);
    expect((await second.get("/api/dashboard/stats")).status).toBe(401);
    const login = await t.request().post("/api/login").send({ email: victim.user.email, password: victim.password });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ message: "This account is suspended." });
    expect(await auditCount("admin_user_suspended", `user:${victim.user.id}`)).toBe(1);
    const listed = await admin.agent.get("/api/admin/users").query({ q: victim.user.email });
    expect(listed.body[0].status).toBe("suspended");

    const again = await admin.agent.patch(`/api/admin/users/${victim.user.id}/status`).send({ status: "suspended" });
    expect(again.status).toBe(200);
    expect(await auditCount("admin_user_suspended", `user:${victim.user.id}`)).toBe(1);

    const back = await admin.agent.patch(`/api/admin/users/${victim.user.id}/status`).send({ status: "active" });
    expect(back.body.status).toBe("active");
    expect(await auditCount("admin_user_reactivated", `user:${victim.user.id}`)).toBe(1);
    await t.request().post("/api/login").send({ email: victim.user.email, password: victim.password }).expect(200);
  });

  it("refuses a bad body and changes nothing, and takes no other field from it", async () => {
    const user = await t.signUp();
    for (const body of [{}, { status: "deleted" }, { status: ["suspended"] }]) {
      const res = await admin.agent.patch(`/api/admin/users/${user.user.id}/status`).send(body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toEqual({ path: "status", message: "Status must be active or suspended" });
    }
    await admin.agent
      .patch(`/api/admin/users/${user.user.id}/status`)
      .send({ status: "active", userType: "admin", plan: "professional", storageLimit: 1e12 })
      .expect(200);
    expect((await user.agent.get("/api/user")).body).toMatchObject({ userType: "client", plan: "free" });
  });

  it("refuses an admin suspending themselves, and a missing user is 404", async () => {
    const res = await admin.agent.patch(`/api/admin/users/${admin.user.id}/status`).send({ status: "suspended" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SELF_SUSPEND_MESSAGE);
    expect((await admin.agent.get("/api/admin/stats")).status).toBe(200);
    const missing = await admin.agent.patch("/api/admin/users/2147483000/status").send({ status: "suspended" });
    expect(missing.status).toBe(404);
  });

  it("never leaves the platform without an active admin when two admins suspend each other at once", async () => {
    const other = await buildAdmin(t);
    const [a, b] = await Promise.all([
      admin.agent.patch(`/api/admin/users/${other.user.id}/status`).send({ status: "suspended" }),
      other.agent.patch(`/api/admin/users/${admin.user.id}/status`).send({ status: "suspended" }),
    ]);
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    expect([a.status, b.status].some((s) => s === 401 || s === 403)).toBe(true);
    const active = await count(
      sql`select count(*)::int as n from users where user_type = 'admin' and status = 'active' and id in (${admin.user.id}, ${other.user.id})`,
    );
    expect(active).toBe(1);
    // put the first admin back for the tests below
    if (b.status === 200) {
      await t.db.execute(sql`update users set status = 'active' where id = ${admin.user.id}`);
      admin = await buildAdmin(t);
    }
  });
});

describe("DELETE /api/admin/users/:userId", () => {
  it("refuses a wrong typed confirmation and keeps everything", async () => {
    const owner = await t.signUp();
    const res = await admin.agent
      .delete(`/api/admin/users/${owner.user.id}`)
      .send({ confirmEmail: "someone@else.com" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: "confirmEmail", message: "The e-mail typed does not match this account" },
    ]);
    expect((await admin.agent.delete(`/api/admin/users/${owner.user.id}`).send({})).status).toBe(400);
    expect((await owner.agent.get("/api/user")).status).toBe(200);
  });

  it("erases the account as its own deletion does: sessions, rows, blobs and the data key", async () => {
    const owner = await t.signUp();
    const file = await buildAsset(owner.agent);
    const blobsBefore = (await keysUnder(t.storage, "blobs/")).length;
    const res = await admin.agent
      .delete(`/api/admin/users/${owner.user.id}`)
      .send({ confirmEmail: owner.user.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect((await owner.agent.get("/api/user")).status).toBe(401);
    expect(await count(sql`select count(*)::int as n from users where id = ${owner.user.id}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from digital_assets where id = ${file.id}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from user_keys where user_id = ${owner.user.id}`)).toBe(0);
    expect((await keysUnder(t.storage, "blobs/")).length).toBe(blobsBefore - 1);
    const logged = await count(
      sql`select count(*)::int as n from audit_events where action = 'admin_user_deleted' and actor_id = ${admin.user.id} and details->>'userId' = ${String(owner.user.id)}`,
    );
    expect(logged).toBe(1);
    expect((await admin.agent.get(`/api/admin/users/${owner.user.id}`)).status).toBe(404);
  });

  it("refuses deleting oneself or an active admin", async () => {
    const self = await admin.agent.delete(`/api/admin/users/${admin.user.id}`).send({ confirmEmail: admin.user.email });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(SELF_DELETE_MESSAGE);
    const other = await buildAdmin(t);
    const res = await admin.agent.delete(`/api/admin/users/${other.user.id}`).send({ confirmEmail: other.user.email });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ACTIVE_ADMIN_DELETE_MESSAGE);
    await admin.agent.patch(`/api/admin/users/${other.user.id}/status`).send({ status: "suspended" }).expect(200);
    await admin.agent.delete(`/api/admin/users/${other.user.id}`).send({ confirmEmail: other.user.email }).expect(200);
  });
});

describe("user_totals (the counters behind the stats and the list's total)", () => {
  it("stays equal to the users table through sign-ups, uploads, suspensions, role changes and deletions", async () => {
    const totals = async () =>
      (
        await t.db.execute<{ k: string; n: number; b: string }>(sql`
          select user_type || '/' || status as k, sum(users)::int as n, sum(storage_used)::text as b
          from user_totals group by 1 having sum(users) <> 0 or sum(storage_used) <> 0 order by 1`)
      ).rows;
    const direct = async () =>
      (
        await t.db.execute<{ k: string; n: number; b: string }>(sql`
          select user_type || '/' || status as k, count(*)::int as n, sum(storage_used)::text as b
          from users group by 1 order by 1`)
      ).rows;
    const owner = await t.signUp();
    await buildAsset(owner.agent);
    const other = await t.signUp();
    await admin.agent.patch(`/api/admin/users/${other.user.id}/status`).send({ status: "suspended" }).expect(200);
    await t.db.execute(sql`update users set user_type = 'agent' where id = ${owner.user.id}`);
    await t.db.execute(sql`update users set last_activity_at = now() where id = ${other.user.id}`);
    expect(await totals()).toEqual(await direct());
    await admin.agent.delete(`/api/admin/users/${owner.user.id}`).send({ confirmEmail: owner.user.email }).expect(200);
    expect(await totals()).toEqual(await direct());
    const page = await admin.agent.get("/api/admin/users").query({ limit: 1 });
    expect(Number(page.headers["x-total-count"])).toBe(await count(sql`select count(*)::int as n from users`));
  });
});
