import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../lib/tokens";
import { startTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  // a generous per-address limit: the per-target limit is under test here
  t = await startTestApp({
    config: {
      rateLimits: {
        registerPerIp: { points: 10_000, durationSeconds: 3600 },
        passwordResetPerIp: { points: 1000, durationSeconds: 3600 },
      },
    },
  });
});
afterAll(async () => {
  await t.close();
});

const tokenOf = (link: string | undefined) => link!.split("/").pop()!;

/** The reset mail is queued by the request and sent by the outbox worker (AUTH-06): deliver, then expect it. */
async function nextMail(email: string, send: () => Promise<unknown>) {
  await t.deliverOutbox();
  const before = t.smtp.to(email).length;
  await send();
  await t.deliverOutbox();
  expect(t.smtp.to(email)).toHaveLength(before + 1);
}

const forgot = (email: string) => t.request().post("/api/auth/forgot-password").send({ email });

describe("forgot and reset password", () => {
  it("answers the same for a known and an unknown e-mail, and mails only the known one", async () => {
    const { user } = await t.signUp();
    const unknownEmail = t.uniqueEmail("nobody");
    const unknown = await forgot(unknownEmail);
    let known = unknown;
    await nextMail(user.email, async () => {
      known = await forgot(user.email);
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.text).toBe(unknown.text);
    expect(t.smtp.linkFor(user.email, "/reset-password/")).toBeTruthy();
    await t.deliverOutbox();
    expect(t.smtp.to(unknownEmail)).toHaveLength(0);
  });

  it("builds the link from PUBLIC_URL, never from the Host header", async () => {
    const { user } = await t.signUp();
    await nextMail(user.email, () =>
      t
        .request()
        .post("/api/auth/forgot-password")
        .set("Host", "evil.example")
        .set("X-Forwarded-Host", "evil.example")
        .send({ email: user.email }),
    );
    const link = t.smtp.linkFor(user.email, "/reset-password/");
    expect(link).toMatch(/^http:\/\/heirloom\.test\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(t.smtp.to(user.email).at(-1)!.raw).not.toContain("evil.example");
  });

  it("stores only a hash of the token", async () => {
    const { user } = await t.signUp();
    await nextMail(user.email, () => forgot(user.email));
    const token = tokenOf(t.smtp.linkFor(user.email, "/reset-password/"));
    const rows = await t.db.execute(sql`select password_reset_token from users where id = ${user.id}`);
    expect(rows.rows[0].password_reset_token).toMatch(/^[a-f0-9]{64}$/);
    expect(rows.rows[0].password_reset_token).not.toBe(token);
  });

  it("resets once, ends every other session, and sends a notice", async () => {
    const { agent, user } = await t.signUp();
    await nextMail(user.email, () => forgot(user.email));
    const token = tokenOf(t.smtp.linkFor(user.email, "/reset-password/"));
    const res = await t.request().post("/api/auth/reset-password").send({ token, password: "New-Kente-2027" });
    expect(res.status).toBe(200);
    await t.deliverOutbox();
    expect((await agent.get("/api/user")).status).toBe(401);
    expect((await t.request().post("/api/login").send({ email: user.email, password: "New-Kente-2027" })).status).toBe(
      200,
    );
    expect(t.smtp.to(user.email).at(-1)!.raw).toMatch(/password was changed/);
    const signedIn = t.agent();
    await signedIn.post("/api/login").send({ email: user.email, password: "New-Kente-2027" }).expect(200);
    expect((await signedIn.get("/api/notifications")).body[0]).toMatchObject({
      kind: "password_changed",
      title: "Your Heirloom password was changed",
    });
    const again = await t.request().post("/api/auth/reset-password").send({ token, password: "Other-Kente-2028" });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/invalid or has expired/);
  });

  it("refuses a token after one hour and an older token once a newer one was issued", async () => {
    const { user } = await t.signUp();
    await nextMail(user.email, () => forgot(user.email));
    const first = tokenOf(t.smtp.linkFor(user.email, "/reset-password/"));
    await nextMail(user.email, () => forgot(user.email));
    const second = tokenOf(t.smtp.linkFor(user.email, "/reset-password/"));
    expect(first).not.toBe(second);
    expect(
      (await t.request().post("/api/auth/reset-password").send({ token: first, password: "New-Kente-2027" })).status,
    ).toBe(400);
    t.clock.advance(61 * 60 * 1000);
    expect(
      (await t.request().post("/api/auth/reset-password").send({ token: second, password: "New-Kente-2027" })).status,
    ).toBe(400);
  });

  it("applies the password rules to the new password", async () => {
    const res = await t
      .request()
      .post("/api/auth/reset-password")
      .send({ token: "x".repeat(43), password: "weak" });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({ path: "password", message: "Password must be at least 8 characters" });
  });
});

describe("reset links per address (ABUSE-03: forgot-password limited per target address too)", () => {
  // An app of its own: the per-IP limit (10 an hour) is shared by the whole file otherwise.
  let a: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
  });
  afterAll(async () => {
    await a.close();
  });

  it("mails an address at most three reset links an hour, whoever asks, and answers every request the same", async () => {
    const { user } = await a.signUp();
    await a.deliverOutbox();
    const before = a.smtp.to(user.email).length;
    const ask = (email: string) => a.request().post("/api/auth/forgot-password").send({ email });
    const answers = [];
    const ghost = a.uniqueEmail("ghost");
    // nine requests: the tenth (below, an hour later by the app's clock) is the last the address's IP may make
    for (let i = 0; i < 5; i += 1) answers.push(await ask(user.email.toUpperCase()));
    for (let i = 0; i < 4; i += 1) answers.push(await ask(ghost));
    expect(answers.map((r) => r.status)).toEqual(Array(9).fill(200));
    // known address or not, under the limit or over it: one answer
    expect(new Set(answers.map((r) => r.text)).size).toBe(1);
    await a.deliverOutbox();
    expect(a.smtp.to(user.email).slice(before)).toHaveLength(3);
    expect(a.smtp.to(ghost)).toHaveLength(0);
    // The refused requests replaced nothing: the token stored is one of the three mailed, and it works.
    const mailed = a.smtp
      .to(user.email)
      .slice(before)
      .map((m) => /reset-password\/([A-Za-z0-9_-]{43})/.exec(m.text)![1]);
    const stored = await a.db.execute<{ h: string }>(
      sql`select password_reset_token as h from users where id = ${user.id}`,
    );
    const live = mailed.find((token) => hashToken(token) === stored.rows[0].h);
    expect(live).toBeDefined();
    const reset = await a.request().post("/api/auth/reset-password").send({ token: live, password: "New-Kente-2027" });
    expect(reset.status).toBe(200);

    a.clock.advance(60 * 60 * 1000 + 1);
    await ask(user.email);
    await a.deliverOutbox();
    const links = a.smtp.to(user.email).filter((m) => /reset-password\//.test(m.text));
    expect(links).toHaveLength(4);
  });
});
