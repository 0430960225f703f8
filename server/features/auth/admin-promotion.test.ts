import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger";
import { announceSetupToken } from "../../setup-token";
import { issueSetupTokenIfNoAdmin, SETUP_TOKEN_TTL_MS } from "./admin-setup.service";
import { startTestApp, type TestApp } from "../../test/harness";

const LISTED = "boss@heirloom.example";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: LISTED } });
});
afterAll(async () => {
  await t.close();
});
// Each case starts from "no admin yet", as a fresh install does.
beforeEach(async () => {
  await t.db.execute(sql`update users set user_type = 'client' where user_type = 'admin'`);
});

const adminCount = async () =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from users where user_type = 'admin'`)).rows[0].n;

async function verifyEmailOf(address: string) {
  await t.deliverOutbox();
  const token = t.smtp.linkFor(address, "/verify-email/")!.split("/").pop();
  expect((await t.request().post("/api/auth/verify-email").send({ token })).status).toBe(200);
}

describe("POST /api/auth/promote-admin", () => {
  it("refuses a user who is neither listed nor holding the set-up token", async () => {
    const { agent } = await t.signUp();
    const res = await agent.post("/api/auth/promote-admin").send({});
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "You are not eligible for admin privileges." });
    expect((await agent.get("/api/user")).body.userType).toBe("client");
  });

  it("needs a signed-in user", async () => {
    expect((await t.request().post("/api/auth/promote-admin").send({})).status).toBe(401);
  });

  it("promotes with the one-time set-up token while no admin exists, and the token works once", async () => {
    const token = await issueSetupTokenIfNoAdmin(t.db, t.clock);
    expect(token).toBeTruthy();
    const wrong = await t.signUp();
    expect((await wrong.agent.post("/api/auth/promote-admin").send({ setupToken: "guess" })).status).toBe(403);
    const { agent } = await t.signUp();
    const res = await agent.post("/api/auth/promote-admin").send({ setupToken: token });
    expect(res.status).toBe(200);
    expect(res.body.userType).toBe("admin");
    const second = await t.signUp();
    expect((await second.agent.post("/api/auth/promote-admin").send({ setupToken: token })).status).toBe(403);
    expect(await issueSetupTokenIfNoAdmin(t.db, t.clock)).toBeUndefined();
  });

  it("refuses the set-up token 24 hours after it was issued (AUTH-16)", async () => {
    const stale = await issueSetupTokenIfNoAdmin(t.db, t.clock);
    t.clock.advance(SETUP_TOKEN_TTL_MS + 1000);
    const late = await t.signUp();
    const refused = await late.agent.post("/api/auth/promote-admin").send({ setupToken: stale });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: "You are not eligible for admin privileges." });
    expect(await adminCount()).toBe(0);

    const fresh = await issueSetupTokenIfNoAdmin(t.db, t.clock);
    t.clock.advance(SETUP_TOKEN_TTL_MS - 60_000);
    const inTime = await t.signUp();
    expect((await inTime.agent.post("/api/auth/promote-admin").send({ setupToken: fresh })).status).toBe(200);
    expect(await adminCount()).toBe(1);
  });

  it("makes exactly one admin when several users send the same set-up token at once (AUTH-16)", async () => {
    const token = await issueSetupTokenIfNoAdmin(t.db, t.clock);
    const users = await Promise.all(Array.from({ length: 6 }, () => t.signUp()));
    const statuses = await Promise.all(
      users.map(({ agent }) =>
        agent
          .post("/api/auth/promote-admin")
          .send({ setupToken: token })
          .then((res) => res.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(5);
    expect(await adminCount()).toBe(1);
  });

  it("promotes an e-mail listed in ADMIN_EMAILS only once its owner has confirmed it (AUTH-15)", async () => {
    const { agent } = await t.signUp({ email: LISTED });
    const early = await agent.post("/api/auth/promote-admin").send({});
    expect(early.status).toBe(403);
    // the same answer as for anyone else: it does not tell who is on the list
    expect(early.body).toEqual({ message: "You are not eligible for admin privileges." });
    expect((await agent.get("/api/user")).body.userType).toBe("client");

    await verifyEmailOf(LISTED);
    const res = await agent.post("/api/auth/promote-admin").send({});
    expect(res.status).toBe(200);
    expect(res.body.userType).toBe("admin");
  });

  it("moves the promoted user to a fresh session id: the old cookie stops working, the new one is admin (AUTH-17)", async () => {
    const token = await issueSetupTokenIfNoAdmin(t.db, t.clock);
    const { agent } = await t.signUp();
    // the jar also holds the device cookie of sign-in notices
    const jar = (await agent.get("/api/user")).request.cookies;
    const before = jar.split("; ").find((c) => c.startsWith("hl.sid="))!;
    expect(before).toMatch(/^hl\.sid=s%3A/);
    const res = await agent.post("/api/auth/promote-admin").send({ setupToken: token });
    expect(res.status).toBe(200);
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/^hl\.sid=s%3A/);
    expect(setCookie.split(";")[0]).not.toBe(before);
    expect((await t.request().get("/api/user").set("Cookie", before)).status).toBe(401);
    const me = await agent.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.body.userType).toBe("admin");
  });

  it("has no default accounts", async () => {
    const res = await t.request().post("/api/login").send({ email: "admin@heirloom.local", password: "admin1234" });
    expect(res.status).toBe(401);
    expect(fs.existsSync(t.dataDir)).toBe(true);
  });
});

describe("the start-up announcement of the set-up token (AUTH-16)", () => {
  it("prints the token on one console line and writes it to DATA_DIR/setup-token (0600), never to the log", async () => {
    const logLines: string[] = [];
    const logger = createLogger(
      "trace",
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          logLines.push(chunk.toString("utf8"));
          callback();
        },
      }),
    );
    const printed: string[] = [];
    const announced = await announceSetupToken({
      db: t.db,
      clock: t.clock,
      dataDir: t.dataDir,
      logger,
      print: (line) => printed.push(line),
    });
    expect(announced).toBe(true);
    const file = path.join(t.dataDir, "setup-token");
    const token = fs.readFileSync(file, "utf8").trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(token);
    expect(printed[0]).not.toContain("\n");
    const log = logLines.join("");
    expect(log).toContain("setup-token");
    expect(log).not.toContain(token);
    // and the printed token is the one that works
    const { agent } = await t.signUp();
    expect((await agent.post("/api/auth/promote-admin").send({ setupToken: token })).status).toBe(200);
    expect(await announceSetupToken({ db: t.db, clock: t.clock, dataDir: t.dataDir, logger })).toBe(false);
  });
});
