import { createHmac } from "node:crypto";
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

/** express-session's cookie value: `s:<sid>.<base64 HMAC-SHA256 of sid, no padding>`. */
const signSid = (sid: string, secret: string) =>
  `s:${sid}.${createHmac("sha256", secret).update(sid).digest("base64").replace(/=+$/, "")}`;

const SECRET_KEYS = [
  "passwordHash",
  "password",
  "emailVerificationToken",
  "passwordResetToken",
  "googleId",
  "stripeCustomerId",
  "sessionVersion",
];

describe("POST /api/register", () => {
  it("creates a client, signs them in and answers the contract's user object without secrets", async () => {
    const agent = t.agent();
    const email = t.uniqueEmail();
    const res = await agent.post("/api/register").send({
      email,
      password: "Kente-Cloth-2026",
      confirmPassword: "Kente-Cloth-2026",
      firstName: "Kwame",
      lastName: "Asante",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email,
      firstName: "Kwame",
      lastName: "Asante",
      userType: "client",
      plan: "free",
      storageLimit: 10485760,
      storageUsed: 0,
      emailVerified: false,
      authProvider: "local",
    });
    for (const key of SECRET_KEYS) expect(res.body).not.toHaveProperty(key);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await agent.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
  });

  it("stores an argon2id hash with OWASP parameters, never the password", async () => {
    const { user } = await t.signUp();
    const rows = await t.db.execute(sql`select password_hash from users where id = ${user.id}`);
    expect(String(rows.rows[0].password_hash)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("answers 400 with the spec's messages for each invalid field", async () => {
    const res = await t.request().post("/api/register").send({
      email: "not-an-email",
      password: "alllowercase1",
      confirmPassword: "different",
      firstName: "",
      lastName: "",
    });
    expect(res.status).toBe(400);
    const messages = Object.fromEntries(
      res.body.errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(messages).toMatchObject({
      email: "Please enter a valid email address",
      password: "Password must contain at least one uppercase letter, one lowercase letter, and one number",
      firstName: "First name is required",
      lastName: "Last name is required",
    });
    expect(res.body.message).toBe("Please enter a valid email address");
  });

  it("says the passwords don't match on the confirm field", async () => {
    const res = await t.request().post("/api/register").send({
      email: t.uniqueEmail(),
      password: "Kente-Cloth-2026",
      confirmPassword: "Kente-Cloth-2027",
      firstName: "A",
      lastName: "B",
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: "confirmPassword", message: "Passwords don't match" }]);
  });

  it("refuses short passwords and top-list passwords even when they meet the character rule", async () => {
    const short = await t
      .request()
      .post("/api/register")
      .send({ email: t.uniqueEmail(), password: "Ab1", firstName: "A", lastName: "B" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Password must be at least 8 characters");
    const common = await t
      .request()
      .post("/api/register")
      .send({ email: t.uniqueEmail(), password: "Password1", firstName: "A", lastName: "B" });
    expect(common.status).toBe(400);
    expect(common.body.errors[0].path).toBe("password");
  });

  it("accepts a 128-character passphrase and emoji, and does not truncate it at sign-in", async () => {
    const long = "Aa1" + "correct horse battery staple ".repeat(5).slice(0, 125);
    const { user } = await t.signUp({ password: long });
    const ok = await t.request().post("/api/login").send({ email: user.email, password: long });
    expect(ok.status).toBe(200);
    const truncated = await t
      .request()
      .post("/api/login")
      .send({ email: user.email, password: long.slice(0, 72) });
    expect(truncated.status).toBe(401);
    const emoji = await t.signUp({ password: "Akwaaba🌍🔐Ghana2026" });
    expect(emoji.user.id).toBeGreaterThan(0);
  });

  it("answers 409 for an e-mail already registered, whatever its case", async () => {
    const { user } = await t.signUp();
    const res = await t
      .request()
      .post("/api/register")
      .send({ email: user.email.toUpperCase(), password: "Kente-Cloth-2026", firstName: "A", lastName: "B" });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already exists/);
  });

  it("refuses admin as a self-service type and ignores plan, storage and verification fields", async () => {
    const admin = await t
      .request()
      .post("/api/register")
      .send({ email: t.uniqueEmail(), password: "Kente-Cloth-2026", firstName: "A", lastName: "B", userType: "admin" });
    expect(admin.status).toBe(400);
    const email = t.uniqueEmail();
    const res = await t.request().post("/api/register").send({
      email,
      password: "Kente-Cloth-2026",
      firstName: "A",
      lastName: "B",
      plan: "professional",
      storageLimit: 1e12,
      storageUsed: -1e9,
      emailVerified: true,
      id: 999999,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ plan: "free", storageLimit: 10485760, storageUsed: 0, emailVerified: false });
    expect(res.body.id).not.toBe(999999);
  });

  it("creates agents when asked", async () => {
    const { agent } = await t.signUp({ userType: "agent" });
    expect((await agent.get("/api/auth/user")).body.userType).toBe("agent");
  });

  it("sends a verification link that works once", async () => {
    const { user } = await t.signUp();
    await t.deliverOutbox();
    const link = t.smtp.linkFor(user.email, "/verify-email/");
    expect(link).toMatch(/^http:\/\/heirloom\.test\/verify-email\//);
    const token = link!.split("/").pop();
    const first = await t.request().post("/api/auth/verify-email").send({ token });
    expect(first.status).toBe(200);
    const again = await t.request().post("/api/auth/verify-email").send({ token });
    expect(again.status).toBe(404);
    const rows = await t.db.execute(
      sql`select email_verified, email_verification_token from users where id = ${user.id}`,
    );
    expect(rows.rows[0]).toEqual({ email_verified: true, email_verification_token: null });
  });
});

describe("POST /api/login", () => {
  it("signs in with the right password and answers the user", async () => {
    const { user, password } = await t.signUp();
    const agent = t.agent();
    const res = await agent.post("/api/login").send({ email: user.email, password });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
    expect((await agent.get("/api/user")).status).toBe(200);
  });

  it("answers byte-identical 401s for an unknown e-mail and a wrong password", async () => {
    const { user } = await t.signUp();
    const wrong = await t.request().post("/api/login").send({ email: user.email, password: "Wrong-Password-1" });
    const unknown = await t
      .request()
      .post("/api/login")
      .send({ email: t.uniqueEmail("ghost"), password: "Wrong-Password-1" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.text).toBe(unknown.text);
    expect(wrong.body).toEqual({ message: "Invalid email or password" });
    expect(wrong.headers["set-cookie"]).toBeUndefined();
  });

  it("validates the body with the spec's messages", async () => {
    const res = await t.request().post("/api/login").send({ email: "nope", password: "short" });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual([
      "Please enter a valid email address",
      "Password must be at least 8 characters",
    ]);
  });

  it("refuses further attempts with 429 after 10 failures, even with the right password and forged X-Forwarded-For", async () => {
    const { user, password } = await t.signUp();
    for (let i = 0; i < 10; i += 1) {
      const res = await t
        .request()
        .post("/api/login")
        .set("X-Forwarded-For", `10.0.0.${i}`)
        .send({ email: user.email, password: "Wrong-Password-1" });
      expect(res.status).toBe(401);
    }
    const blocked = await t
      .request()
      .post("/api/login")
      .set("X-Forwarded-For", "10.9.9.9")
      .send({ email: user.email, password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // password reset still works for the locked account
    const reset = await t.request().post("/api/auth/forgot-password").send({ email: user.email });
    expect(reset.status).toBe(200);
  });

  it("gives a fresh session id at sign-in so a planted one is worthless", async () => {
    // The attacker holds a real session (a row in the store, a validly signed cookie) and plants its id in the
    // victim's browser. If sign-in kept that id, the attacker's cookie would now be the victim's session.
    const attackerAccount = await t.signUp();
    const planted = "attacker-chosen-session-id-0123456789";
    const now = t.clock.now().getTime();
    const sess = {
      cookie: { originalMaxAge: 1_800_000, expires: new Date(Date.now() + 1_800_000), httpOnly: true, path: "/" },
      passport: { user: attackerAccount.user.id },
      signedInAt: now,
      lastSeenAt: now,
      sessionVersion: 0,
    };
    await t.db.execute(
      sql`insert into session (sid, sess, expire) values (${planted}, ${JSON.stringify(sess)}::json, now() + interval '30 minutes')`,
    );
    const cookie = `hl.sid=${encodeURIComponent(signSid(planted, t.deps.config.sessionSecrets[0]))}`;
    // the planted cookie is genuine: the server accepts it as the attacker's session
    const before = await t.request().get("/api/user").set("Cookie", cookie);
    expect(before.status).toBe(200);
    expect(before.body.id).toBe(attackerAccount.user.id);

    const { user, password } = await t.signUp();
    const res = await t.request().post("/api/login").set("Cookie", cookie).send({ email: user.email, password });
    expect(res.status).toBe(200);
    const setCookie = ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("hl.sid="));
    expect(setCookie).toMatch(/^hl\.sid=s%3A/);
    expect(setCookie).not.toContain(planted);
    // the planted id signs in nobody, and its row is gone
    expect((await t.request().get("/api/user").set("Cookie", cookie)).status).toBe(401);
    const rows = await t.db.execute(sql`select count(*)::int as n from session where sid = ${planted}`);
    expect(rows.rows[0].n).toBe(0);
  });

  it("answers 403 for a suspended account and ends its live sessions at once", async () => {
    const { agent, user, password } = await t.signUp();
    expect((await agent.get("/api/user")).status).toBe(200);
    await t.db.execute(sql`update users set status = 'suspended' where id = ${user.id}`);
    expect((await agent.get("/api/user")).status).toBe(401);
    const login = await t.request().post("/api/login").send({ email: user.email, password });
    expect(login.status).toBe(403);
  });
});

describe("POST /api/logout", () => {
  it("destroys the session row, clears site data, and the old cookie stops working", async () => {
    const { agent, user } = await t.signUp();
    const before = await t.db.execute(
      sql`select count(*)::int as n from session where sess::text like ${`%"user":${user.id}%`}`,
    );
    expect(before.rows[0].n).toBe(1);
    const cookie = (await agent.get("/api/user")).request.cookies;
    const res = await agent.post("/api/logout");
    expect(res.status).toBe(200);
    expect(res.headers["clear-site-data"]).toBe('"cache", "cookies", "storage"');
    const after = await t.db.execute(
      sql`select count(*)::int as n from session where sess::text like ${`%"user":${user.id}%`}`,
    );
    expect(after.rows[0].n).toBe(0);
    expect((await t.request().get("/api/user").set("Cookie", cookie)).status).toBe(401);
  });

  it("does not sign out on GET", async () => {
    const { agent } = await t.signUp();
    const res = await agent.get("/api/logout");
    expect(res.status).toBe(404);
    expect((await agent.get("/api/user")).status).toBe(200);
  });
});

describe("session lifetime", () => {
  it("ends a session after 30 idle minutes", async () => {
    const { agent } = await t.signUp();
    t.clock.advance(29 * 60 * 1000);
    expect((await agent.get("/api/user")).status).toBe(200);
    t.clock.advance(31 * 60 * 1000);
    expect((await agent.get("/api/user")).status).toBe(401);
  });

  it("ends a session 12 hours after sign-in even with activity every 5 minutes", async () => {
    const { agent } = await t.signUp();
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 5) {
      t.clock.advance(5 * 60 * 1000);
      if (elapsed % 120 === 0) expect((await agent.get("/api/user")).status).toBe(200);
      else await agent.get("/api/user");
    }
    t.clock.advance(2 * 60 * 1000);
    expect((await agent.get("/api/user")).status).toBe(401);
  });

  it("writes the session row at most once a minute of activity, pushing its expiry on each time", async () => {
    const { agent, user } = await t.signUp();
    const row = async () =>
      (
        await t.db.execute<{ expire: Date; sess: { lastSeenAt?: number } }>(
          sql`select expire, sess from session where (sess->'passport'->>'user')::int = ${user.id}`,
        )
      ).rows[0];
    expect((await agent.get("/api/user")).status).toBe(200);
    const first = await row();
    for (let i = 0; i < 5; i += 1) expect((await agent.get("/api/user")).status).toBe(200);
    t.clock.advance(30 * 1000);
    expect((await agent.get("/api/user")).status).toBe(200);
    expect(await row()).toEqual(first); // reads within the minute write nothing

    await new Promise((resolve) => setTimeout(resolve, 1100)); // the expiry is stored to the second
    t.clock.advance(61 * 1000);
    expect((await agent.get("/api/user")).status).toBe(200);
    const later = await row();
    expect(later.sess.lastSeenAt).toBe(t.clock.now().getTime());
    expect(new Date(later.expire).getTime()).toBeGreaterThan(new Date(first.expire).getTime());
  });

  it("answers 401 with the contract's body when not signed in", async () => {
    const res = await t.request().get("/api/user");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthorized" });
  });
});
