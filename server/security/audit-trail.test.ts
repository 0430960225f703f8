import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedEvent } from "../lib/payments/fake-stripe-api";
import { startStripeWorld, WEBHOOK_SECRET, type StripeWorld } from "../test/fakes/stripe-world";
import { startTestApp, type TestApp } from "../test/harness";

/**
 * Audit events the feature tests did not check: a sign-in block recorded once per block, not once per refused
 * attempt (AUTH-03), and the password reset and Stripe signature failure events (LOG-02).
 */
type AuditRow = {
  action: string;
  actor_id: number | null;
  target: string | null;
  request_id: string | null;
  ip: string | null;
  details: Record<string, unknown> | null;
};

const auditRows = async (t: TestApp, action: string) =>
  (
    await t.db.execute<AuditRow>(
      sql`select action, actor_id, target, request_id, ip, details from audit_events where action = ${action} order by id`,
    )
  ).rows;

describe("a sign-in block (AUTH-03)", () => {
  let tight: TestApp;
  beforeAll(async () => {
    tight = await startTestApp({
      env: { TRUST_PROXY: "1" },
      config: {
        rateLimits: {
          loginPerAccountAndIp: { points: 4, durationSeconds: 600 },
          loginFailuresPerIpPerDay: { points: 6, durationSeconds: 86_400 },
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

  const attempt = (email: string, ip: string) =>
    tight
      .request()
      .post("/api/login")
      .set("X-Forwarded-For", ip)
      .send({ email, password: "Wrong-Password-1" })
      .then((res) => res.status);

  it("is logged once when one account's limit is reached, however many attempts are refused after it", async () => {
    const { user } = await tight.signUp();
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push(await attempt(user.email, "10.3.0.1"));
    expect(statuses).toEqual([401, 401, 401, 401]);
    for (let i = 0; i < 5; i += 1) expect(await attempt(user.email, "10.3.0.1")).toBe(429);
    const blocked = (await auditRows(tight, "login_blocked")).filter((row) => row.target === user.email);
    expect(blocked).toHaveLength(1);
    expect(blocked[0].details).toEqual({ limit: "account" });
    expect(blocked[0].request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is logged once when one address trying many accounts reaches its daily limit", async () => {
    const before = (await auditRows(tight, "login_blocked")).length;
    const statuses = [];
    for (let i = 0; i < 20; i += 1) statuses.push(await attempt(tight.uniqueEmail("stuffed"), "10.3.0.2"));
    // six within the day's budget, one through the slow lane (ABUSE-04: slowed, not locked), then refusals
    expect(statuses.slice(0, 7)).toEqual(Array(7).fill(401));
    expect(statuses.slice(7)).toEqual(Array(13).fill(429));
    const blocked = (await auditRows(tight, "login_blocked")).slice(before);
    expect(blocked).toHaveLength(1);
    expect(blocked[0].details).toEqual({ limit: "address" });
    expect(await auditRows(tight, "login_failed")).toHaveLength(4 + 7);
  });
});

describe("password reset events (LOG-02)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ captureLogs: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it("records a reset request once, for a known and an unknown e-mail alike, and a completed reset once with its user", async () => {
    const { user } = await t.signUp();
    await t.deliverOutbox();
    const ghost = t.uniqueEmail("ghost");
    await t.request().post("/api/auth/forgot-password").send({ email: user.email }).expect(200);
    await t.request().post("/api/auth/forgot-password").send({ email: ghost }).expect(200);
    await t.deliverOutbox();
    const [mail] = t.smtp.to(user.email).slice(-1);
    const token = /reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
    await t.request().post("/api/auth/reset-password").send({ token, password: "New-Kente-2027" }).expect(200);
    await t.request().post("/api/auth/reset-password").send({ token, password: "New-Kente-2028" }).expect(400);

    const requested = await auditRows(t, "password_reset_requested");
    expect(requested.map((row) => row.target)).toEqual([user.email, ghost]);
    const completed = await auditRows(t, "password_reset");
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ actor_id: user.id, target: `user:${user.id}` });
    for (const row of [...requested, ...completed]) {
      expect(row.request_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.ip).toBeTruthy();
    }

    const lines = t
      .logs()
      .split("\n")
      .filter((line) => line.includes('"audit"'))
      .map((line) => JSON.parse(line) as { audit: { action: string; at: string } });
    const actions = lines.map((line) => line.audit.action);
    expect(actions.filter((a) => a === "password_reset_requested")).toHaveLength(2);
    expect(actions.filter((a) => a === "password_reset")).toHaveLength(1);
    for (const line of lines) expect(line.audit.at).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    const everything = JSON.stringify(await auditRows(t, "password_reset")) + JSON.stringify(requested);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain("New-Kente-2027");
    expect(lines.map((line) => JSON.stringify(line)).join("")).not.toContain("New-Kente-2027");
  });
});

describe("a Stripe webhook whose signature fails (LOG-02)", () => {
  let w: StripeWorld;
  beforeAll(async () => {
    w = await startStripeWorld();
  });
  afterAll(async () => {
    await w?.close();
  });

  it("is recorded once per refused delivery, and a valid delivery records nothing", async () => {
    const event = { id: "evt_audit_1", type: "customer.updated", object: { id: "cus_x", object: "customer" } };
    const { payload, signature } = signedEvent(event, { secret: WEBHOOK_SECRET });
    const wrong = signedEvent(event, { secret: "whsec_someone_else" }).signature;
    for (const bad of [undefined, "garbage", wrong]) expect((await w.deliver(payload, bad)).status).toBe(400);
    expect((await w.deliver(payload, signature)).status).toBe(200);
    const rows = await auditRows(w.t, "webhook_signature_failed");
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ actor_id: null, target: "stripe" });
      expect(row.request_id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(JSON.stringify(rows)).not.toContain(WEBHOOK_SECRET);
  });
});

describe("an export (LOG-02)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("is recorded with its owner, format, request id and address for each format; a refused one is not", async () => {
    const { agent, user } = await t.signUp();
    for (const format of ["json", "pdf", "zip"]) {
      const res = await agent.get(`/api/export/backup?format=${format}`).buffer(true);
      expect(res.status).toBe(200);
    }
    expect((await agent.get("/api/export/backup?format=exe")).status).toBe(400);
    expect((await t.request().get("/api/export/backup?format=json")).status).toBe(401);
    const rows = await auditRows(t, "export");
    expect(rows.map((r) => [r.actor_id, r.target])).toEqual([
      [user.id, "json"],
      [user.id, "pdf"],
      [user.id, "zip"],
    ]);
    for (const row of rows) {
      expect(row.request_id).toBeTruthy();
      expect(row.ip).toBeTruthy();
    }
  });
});
