import { sql } from "drizzle-orm";
import type { Profile } from "passport-google-oauth20";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
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

describe("Google sign-in, configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { GOOGLE_CLIENT_ID: "client-id.apps.example", GOOGLE_CLIENT_SECRET: "not-a-real-secret" },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("starts the OAuth flow with a state parameter and our own callback", async () => {
    const res = await t.agent().get("/auth/google");
    expect(res.status).toBe(302);
    const location = new URL(res.headers.location);
    expect(location.hostname).toBe("accounts.google.com");
    expect(location.searchParams.get("state")).toMatch(/.{16,}/);
    expect(location.searchParams.get("redirect_uri")).toBe("http://heirloom.test/auth/google/callback");
  });

  it("refuses a callback whose state does not match, creating no session", async () => {
    const agent = t.agent();
    await agent.get("/auth/google");
    const res = await agent.get("/auth/google/callback?code=attacker-code&state=forged");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/auth?error=google_auth_failed");
    expect((await agent.get("/api/user")).status).toBe(401);
  });

  it("keys Google users on their Google id and links a local account only when Google verified the e-mail", async () => {
    const { user } = await t.signUp({ email: "abena@example.com" });
    expect(await findOrLinkGoogleUser(t.db, profile("google-sub-1", "abena@example.com", false))).toBeUndefined();
    const linked = await findOrLinkGoogleUser(t.db, profile("google-sub-1", "abena@example.com", true));
    expect(linked?.id).toBe(user.id);
    // later sign-ins find the same account by id even if the Google e-mail changes
    const again = await findOrLinkGoogleUser(t.db, profile("google-sub-1", "abena.new@example.com", true));
    expect(again?.id).toBe(user.id);
    const created = await findOrLinkGoogleUser(t.db, profile("google-sub-2", "kojo@example.com", true));
    expect(created).toMatchObject({ email: "kojo@example.com", authProvider: "google", emailVerified: true });
    const rows = await t.db.execute(sql`select count(*)::int as n from users where google_id is not null`);
    expect(rows.rows[0].n).toBe(2);
  });
});
