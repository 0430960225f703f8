import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const tokenOf = (link: string | undefined) => link!.split("/").pop()!;
const HOUR = 60 * 60 * 1000;

/** Signs up, asks to move to a fresh address, delivers the outbox: answers the link mailed to the new address. */
async function requestChange() {
  const owner = await t.signUp();
  const newEmail = t.uniqueEmail("moved");
  const res = await owner.agent.post("/api/user/email").send({ password: owner.password, newEmail });
  expect(res.status).toBe(200);
  await t.deliverOutbox();
  return { ...owner, newEmail, token: tokenOf(t.smtp.linkFor(newEmail, "/confirm-email/")) };
}

const confirm = (token: string) => t.request().post("/api/user/email/confirm").send({ token });
const undo = (token: string) => t.request().post("/api/user/email/undo").send({ token });

describe("POST /api/user/email", () => {
  it("answers 401 without a session or a recent sign-in, 400 for a wrong password or a bad address, and changes nothing", async () => {
    expect((await t.request().post("/api/user/email").send({ password: "x", newEmail: "a@b.co" })).status).toBe(401);
    const { agent, user, password } = await t.signUp();
    const wrong = await agent.post("/api/user/email").send({ password: "Wrong-Pass-1", newEmail: "new@example.com" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].path).toBe("password");
    expect((await agent.post("/api/user/email").send({ password, newEmail: "not-an-address" })).status).toBe(400);
    const same = await agent.post("/api/user/email").send({ password, newEmail: user.email.toUpperCase() });
    expect(same.status).toBe(400);
    t.clock.advance(16 * 60 * 1000);
    await agent.get("/api/user");
    const stale = await agent.post("/api/user/email").send({ password, newEmail: "new@example.com" });
    expect(stale.status).toBe(401);
    expect(stale.body.message).toMatch(/confirm your password/);
    await t.deliverOutbox();
    expect(t.smtp.to("new@example.com")).toHaveLength(0);
    expect((await agent.get("/api/user")).body.email).toBe(user.email);
  });

  it("sends a hashed, single-use link to the new address; the change waits for it (MASS-04)", async () => {
    const { agent, user, newEmail, token } = await requestChange();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await agent.get("/api/user")).body.email).toBe(user.email);
    expect((await agent.get("/api/user/email")).body.pending.newEmail).toBe(newEmail);
    const stored = await t.db.execute<{ h: string }>(
      sql`select confirm_token_hash as h from email_changes where user_id = ${user.id}`,
    );
    expect(stored.rows[0].h).toMatch(/^[a-f0-9]{64}$/);
    expect(stored.rows[0].h).not.toBe(token);

    const ok = await confirm(token);
    expect(ok.status).toBe(200);
    const me = (await agent.get("/api/user")).body;
    expect(me).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await confirm(token)).status).toBe(409);
    expect((await confirm("A".repeat(43))).status).toBe(404);

    await t.deliverOutbox();
    const notice = t.smtp.to(user.email).at(-1)!;
    expect(notice.text).toContain("was changed to");
    expect(t.smtp.linkFor(user.email, "/undo-email-change/")).toMatch(/^http:\/\/heirloom\.test\/undo-email-change\//);
  });

  it("answers a taken address exactly as a free one, and sends its owner a notice without a link", async () => {
    const taken = await t.signUp();
    const { agent, password } = await t.signUp();
    const free = t.uniqueEmail("free");
    await t.deliverOutbox();
    const before = t.smtp.to(taken.user.email).length;
    const a = await agent.post("/api/user/email").send({ password, newEmail: taken.user.email });
    const b = await agent.post("/api/user/email").send({ password, newEmail: free });
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
    await t.deliverOutbox();
    const toTaken = t.smtp.to(taken.user.email);
    expect(toTaken).toHaveLength(before + 1);
    expect(toTaken.at(-1)!.text).toContain("an account already signs in with it");
    expect(toTaken.at(-1)!.text).not.toMatch(/confirm-email|heirloom\.test\//);
    expect((await taken.agent.get("/api/user")).status).toBe(200);
  });

  it("expires an unconfirmed link after 48 hours and supersedes it with a newer request", async () => {
    const first = await requestChange();
    t.clock.advance(48 * HOUR + 60_000);
    expect((await confirm(first.token)).status).toBe(404);
    const second = await requestChange();
    const newer = t.uniqueEmail("newer");
    await second.agent.post("/api/user/email").send({ password: second.password, newEmail: newer }).expect(200);
    expect((await confirm(second.token)).status).toBe(404);
  });
  it("answers 409 at confirmation when another account took the address in between, and changes nothing", async () => {
    const { agent, user, newEmail, token } = await requestChange();
    await t.signUp({ email: newEmail });
    const res = await confirm(token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This e-mail address is already in use.");
    expect((await agent.get("/api/user")).body.email).toBe(user.email);
  });
});

describe("undoing an e-mail change from the old address", () => {
  it("restores the old address, ends every session and tells the old address (undo within 72 h)", async () => {
    const { user, password, newEmail, token } = await requestChange();
    await confirm(token).expect(200);
    await t.deliverOutbox();
    const undoToken = tokenOf(t.smtp.linkFor(user.email, "/undo-email-change/"));

    t.clock.advance(71 * HOUR);
    // whoever changed the address is signed in with it, in two browsers
    const attacker = t.agent();
    await attacker.post("/api/login").send({ email: newEmail, password }).expect(200);
    const attackerPhone = t.agent();
    await attackerPhone.post("/api/login").send({ email: newEmail, password }).expect(200);
    const res = await undo(undoToken);
    expect(res.status).toBe(200);
    expect((await attacker.get("/api/user")).status).toBe(401);
    expect((await attackerPhone.get("/api/user")).status).toBe(401);
    const rows = await t.db.execute(sql`select sid from session where user_id = ${user.id}`);
    expect(rows.rows).toHaveLength(0);
    expect((await t.request().post("/api/login").send({ email: newEmail, password })).status).toBe(401);
    const back = await t.request().post("/api/login").send({ email: user.email, password });
    expect(back.status).toBe(200);
    expect(back.body.email).toBe(user.email);
    expect((await undo(undoToken)).status).toBe(409);
    await t.deliverOutbox();
    expect(t.smtp.to(user.email).at(-1)!.text).toContain("signs in with this address again");
  });

  it("refuses the undo link after 72 hours", async () => {
    const { user, newEmail, password, token } = await requestChange();
    await confirm(token).expect(200);
    await t.deliverOutbox();
    const undoToken = tokenOf(t.smtp.linkFor(user.email, "/undo-email-change/"));
    t.clock.advance(72 * HOUR + 60_000);
    expect((await undo(undoToken)).status).toBe(404);
    expect((await t.request().post("/api/login").send({ email: newEmail, password })).status).toBe(200);
  });
});
