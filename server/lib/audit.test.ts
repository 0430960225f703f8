import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import type { Request } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { audit } from "./audit";
import { createLogger } from "./logger";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: "boss@heirloom.example" } });
});
afterAll(async () => {
  await t.close();
});

const actions = async () =>
  (await t.db.execute(sql`select action, actor_id, target, request_id, ip from audit_events order by id`)).rows as {
    action: string;
    actor_id: number | null;
    target: string | null;
    request_id: string | null;
    ip: string | null;
  }[];

describe("audit trail (LOG-02)", () => {
  it("records sign-in success, failure, lock-out and admin promotion once each, with request id and address", async () => {
    const { user, password } = await t.signUp({ email: "boss@heirloom.example" });
    // a listed address is promoted only once confirmed (AUTH-15)
    await t.deliverOutbox();
    const token = t.smtp.linkFor(user.email, "/verify-email/")!.split("/").pop();
    await t.request().post("/api/auth/verify-email").send({ token }).expect(200);
    await t.request().post("/api/login").send({ email: user.email, password });
    await t.request().post("/api/login").send({ email: user.email, password: "Wrong-Password-1" });
    const me = t.agent();
    await me.post("/api/login").send({ email: user.email, password });
    await me.post("/api/auth/promote-admin").send({});
    const rows = await actions();
    expect(rows.map((r) => r.action)).toEqual(["login_succeeded", "login_failed", "login_succeeded", "admin_promoted"]);
    expect(rows[0]).toMatchObject({ actor_id: user.id });
    expect(rows[1]).toMatchObject({ target: user.email });
    for (const row of rows) {
      expect(row.request_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.ip).toBeTruthy();
    }
    expect(JSON.stringify(rows)).not.toContain(password);
  });

  it("records a lock-out when the limit is reached", async () => {
    const { user } = await t.signUp();
    for (let i = 0; i < 11; i += 1)
      await t.request().post("/api/login").send({ email: user.email, password: "Wrong-Password-1" });
    const blocked = (await actions()).filter((r) => r.action === "login_blocked" && r.target === user.email);
    expect(blocked).toHaveLength(1);
  });

  it("keeps a hostile value on one JSON log line", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split("\n").filter(Boolean));
        done();
      },
    });
    const log = createLogger("info", sink);
    const req = { id: "req-1", ip: "127.0.0.1", log } as unknown as Request;
    await audit({ db: t.db, clock: t.clock }, req, "login_failed", { target: 'mallory\n{"msg":"ADMIN LOGIN OK"}' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]).audit.target).toBe('mallory\n{"msg":"ADMIN LOGIN OK"}');
  });
});
