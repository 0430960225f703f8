import { sql } from "drizzle-orm";
import type { Profile } from "passport-google-oauth20";
import type TestAgent from "supertest/lib/agent";
import type { Test } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import {
  signInThroughGoogle,
  startFakeGoogle,
  TEST_GOOGLE_CLIENT as client,
  type FakeGoogle,
  type GoogleAccount,
} from "../../test/fakes/google";
import { findOrLinkGoogleUser } from "./google.service";

const profile = (id: string, email: string, verified: boolean): Profile =>
  ({
    id,
    provider: "google",
    displayName: "Abena Owusu",
    name: { givenName: "Abena", familyName: "Owusu" },
    emails: [{ value: email, verified }],
    photos: [],
    profileUrl: "",
    _raw: "",
    _json: { sub: id, email, email_verified: verified },
  }) as unknown as Profile;

const sessionCookieOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((res.headers["set-cookie"] as string[] | undefined) ?? [])
    .find((c) => c.startsWith("hl.sid="))
    ?.split(";")[0];

describe("Google sign-in, not configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("redirects /auth/google and its callback to the not-configured notice", async () => {
    const start = await t.request().get("/auth/google");
    expect(start.status).toBe(302);
    expect(start.headers.location).toBe("/auth?error=google_not_configured");
    const callback = await t.request().get("/auth/google/callback?code=abc");
    expect(callback.headers.location).toBe("/auth?error=google_not_configured");
  });
});

describe("Google sign-in against a fake Google at the HTTP boundary", () => {
  let t: TestApp;
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle(client);
    t = await startTestApp({ config: { google: { ...client, endpoints: google.endpoints } } });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  /** The whole browser round trip (our redirect, which must be one, Google's consent page, our callback). */
  async function signInWithGoogle(agent: TestAgent<Test>, account: GoogleAccount) {
    const answers = await signInThroughGoogle(google, agent, account);
    expect(answers.start.status).toBe(302);
    return answers;
  }

  const googleAccount = (email: string): GoogleAccount => ({
    sub: `google-${email}`,
    email,
    email_verified: true,
    given_name: "Kofi",
  });

  it("starts the OAuth flow at Google's consent page with a state parameter and our own callback", async () => {
    const res = await t.agent().get("/auth/google");
    expect(res.status).toBe(302);
    const location = new URL(res.headers.location);
    expect(location.origin + location.pathname).toBe(google.endpoints.authorizationURL);
    expect(location.searchParams.get("state")).toMatch(/.{16,}/);
    expect(location.searchParams.get("client_id")).toBe(client.clientId);
    expect(location.searchParams.get("redirect_uri")).toBe("http://heirloom.test/auth/google/callback");
    expect(location.searchParams.get("scope")).toContain("email");
  });

  it("signs a new user in end to end: the code is exchanged, the profile read, and the session id is a fresh one", async () => {
    const agent = t.agent();
    const email = t.uniqueEmail("kofi");
    const calls = { ...google.calls };
    const { start, callback } = await signInWithGoogle(agent, googleAccount(email));
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe("/");
    expect(google.calls.token).toBe(calls.token + 1);
    expect(google.calls.userinfo).toBe(calls.userinfo + 1);

    const me = await agent.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, authProvider: "google", emailVerified: true, firstName: "Kofi" });
    // the session the OAuth start created (it held the state) is not the signed-in one (SESS-01)
    const preAuth = sessionCookieOf(start);
    expect(preAuth).toBeTruthy();
    expect(sessionCookieOf(callback)).not.toBe(preAuth);
    expect((await t.request().get("/api/user").set("Cookie", preAuth!)).status).toBe(401);
  });

  it("refuses a good code that comes back without the state this browser was given, and accepts it with that state (AUTH-09)", async () => {
    const agent = t.agent();
    const email = t.uniqueEmail("ama");
    const start = await agent.get("/auth/google");
    google.consentAs(googleAccount(email));
    const { code } = await google.consent(start.headers.location);
    const tokenCalls = google.calls.token;

    for (const path of [
      `/auth/google/callback?code=${code}&state=forged-state-value`,
      `/auth/google/callback?code=${code}`,
    ]) {
      const refused = await agent.get(path);
      expect(refused.status, path).toBe(302);
      expect(refused.headers.location, path).toBe("/auth?error=google_auth_failed");
      expect((await agent.get("/api/user")).status, path).toBe(401);
    }
    // refused before the code was ever exchanged: the state check is what stopped them
    expect(google.calls.token).toBe(tokenCalls);

    // the very same code, with the state of a flow this browser started, signs in
    const again = await agent.get("/auth/google");
    const state = new URL(again.headers.location).searchParams.get("state");
    const accepted = await agent.get(`/auth/google/callback?code=${code}&state=${encodeURIComponent(state!)}`);
    expect(accepted.headers.location).toBe("/");
    expect((await agent.get("/api/user")).body.email).toBe(email);
  });

  it("leaves an earlier holder of a never-confirmed address nothing when its owner signs in with Google (AUTH-12)", async () => {
    const email = t.uniqueEmail("victim");
    // the attacker registers the victim's address with a password, stays signed in, and asks for a reset link
    const attacker = await t.signUp({ email, password: "Attacker-Pass-2026" });
    await t.deliverOutbox();
    const verifyLink = t.smtp.linkFor(email, "/verify-email/");
    await t.request().post("/api/auth/forgot-password").send({ email }).expect(200);
    await t.deliverOutbox();
    const resetMail = (await t.smtp.waitFor(email, 2))[1];
    const resetToken = /reset-password\/([A-Za-z0-9_-]{43})/.exec(resetMail.text)![1];
    expect((await attacker.agent.get("/api/user")).status).toBe(200);

    const victim = t.agent();
    const { callback } = await signInWithGoogle(victim, googleAccount(email));
    expect(callback.headers.location).toBe("/");
    const me = await victim.get("/api/user");
    expect(me.body).toMatchObject({ id: attacker.user.id, emailVerified: true, authProvider: "google" });

    // the attacker's session, password, reset link and confirmation link are all dead
    expect((await attacker.agent.get("/api/user")).status).toBe(401);
    expect((await t.request().post("/api/login").send({ email, password: "Attacker-Pass-2026" })).status).toBe(401);
    const reset = await t
      .request()
      .post("/api/auth/reset-password")
      .send({ token: resetToken, password: "Attacker-Pass-2027" });
    expect(reset.status).toBe(400);
    const confirm = await t
      .request()
      .post("/api/auth/verify-email")
      .send({ token: verifyLink!.split("/").pop() });
    expect(confirm.status).toBe(404);
    const row = await t.db.execute(
      sql`select password_hash, password_reset_token, email_verification_token from users where id = ${attacker.user.id}`,
    );
    expect(row.rows[0]).toEqual({ password_hash: null, password_reset_token: null, email_verification_token: null });
    const sessions = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from session where sess->'passport'->>'user' = ${String(attacker.user.id)}`,
    );
    expect(sessions.rows[0].n).toBe(1); // the victim's own, new session only
    // the address is told
    await t.deliverOutbox();
    const notice = (await t.smtp.waitFor(email, 3))[2];
    expect(notice.raw).toMatch(/Subject: Your Heirloom account now signs in with Google/);
    expect((await victim.get("/api/user")).status).toBe(200);
    const inApp = await victim.get("/api/notifications");
    expect(inApp.body[0]).toMatchObject({
      kind: "google_linked",
      title: "Your Heirloom account now signs in with Google",
    });
  });

  it("links an account whose owner confirmed the address and keeps its password and sessions", async () => {
    const owner = await t.signUp();
    await t.deliverOutbox();
    const token = t.smtp.linkFor(owner.user.email, "/verify-email/")!.split("/").pop();
    await t.request().post("/api/auth/verify-email").send({ token }).expect(200);

    const viaGoogle = t.agent();
    await signInWithGoogle(viaGoogle, googleAccount(owner.user.email));
    expect((await viaGoogle.get("/api/user")).body.id).toBe(owner.user.id);
    expect((await owner.agent.get("/api/user")).status).toBe(200);
    const login = await t.request().post("/api/login").send({ email: owner.user.email, password: owner.password });
    expect(login.status).toBe(200);
  });

  it("keys Google users on their Google id and never links an address Google does not vouch for", async () => {
    const ctx = { keyring: t.keyring, clock: t.clock };
    const { user } = await t.signUp({ email: "abena@example.com" });
    expect(await findOrLinkGoogleUser(t.db, ctx, profile("google-sub-1", "abena@example.com", false))).toBeUndefined();
    const untouched = await t.db.execute(sql`select google_id, password_hash from users where id = ${user.id}`);
    expect(untouched.rows[0].google_id).toBeNull();
    expect(untouched.rows[0].password_hash).toBeTruthy();

    const linked = await findOrLinkGoogleUser(t.db, ctx, profile("google-sub-1", "abena@example.com", true));
    expect(linked?.id).toBe(user.id);
    // later sign-ins find the same account by id even if the Google e-mail changes
    const again = await findOrLinkGoogleUser(t.db, ctx, profile("google-sub-1", "abena.new@example.com", true));
    expect(again?.id).toBe(user.id);
    const created = await findOrLinkGoogleUser(t.db, ctx, profile("google-sub-2", "kojo@example.com", true));
    expect(created).toMatchObject({ email: "kojo@example.com", authProvider: "google", emailVerified: true });
    const rows = await t.db.execute(
      sql`select count(*)::int as n from users where google_id in ('google-sub-1', 'google-sub-2')`,
    );
    expect(rows.rows[0].n).toBe(2);
  });
});
