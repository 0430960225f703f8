import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

/** The reset mail leaves off the request path (AUTH-06): wait for the next message to `email`. */
async function nextMail(email: string, send: () => Promise<unknown>) {
  const before = t.smtp.to(email).length;
  await send();
  await t.smtp.waitFor(email, before + 1);
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
    expect((await agent.get("/api/user")).status).toBe(401);
    expect((await t.request().post("/api/login").send({ email: user.email, password: "New-Kente-2027" })).status).toBe(
      200,
    );
    expect(t.smtp.to(user.email).at(-1)!.raw).toMatch(/password was changed/);
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

  it("mails one address at most 3 links an hour, answering every request the same, known address or not", async () => {
    const { user } = await t.signUp();
    const ghost = t.uniqueEmail("ghost");
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await forgot(user.email), await forgot(ghost));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(answers[0].text);
    }
    const mails = await t.smtp.waitFor(user.email, 4); // the verification mail, then three reset links
    const resets = mails.filter((m) => m.text.includes("/reset-password/"));
    expect(resets).toHaveLength(3);
    expect(t.smtp.to(ghost)).toHaveLength(0);
    // the refused requests changed nothing: the last mailed link is still the live one (mails may land in any order)
    const statuses = [];
    for (const mail of resets) {
      const token = /reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
      statuses.push(
        (await t.request().post("/api/auth/reset-password").send({ token, password: "New-Kente-2031" })).status,
      );
    }
    expect(statuses.sort()).toEqual([200, 400, 400]);
    expect(t.smtp.to(user.email).filter((m) => m.text.includes("/reset-password/"))).toHaveLength(3);
  });
});
