import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { enableTwoFactor } from "../test/two-factor";
import { CLIENT_OWNED_RESOURCES, createOwned, type OwnedId } from "./owned-resources";

const SECRET_KEYS = [
  "password",
  "passwordHash",
  "filePath",
  "fileName",
  "verificationToken",
  "emailVerificationToken",
  "passwordResetToken",
  "wrappedKey",
  "sessionVersion",
  "stripeCustomerId",
  "stripeSubscriptionId",
  "googleId",
  "sid",
  "credentialId",
  "publicKey",
  "userHandle",
];

function secretKeysIn(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretKeysIn(v, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => [
      ...(SECRET_KEYS.includes(k) ? [`${path}.${k}`] : []),
      ...secretKeysIn(v, `${path}.${k}`),
    ]);
  }
  return typeof value === "string" && /^v1\.[A-Za-z0-9_-]+\./.test(value) ? [`${path} (ciphertext)`] : [];
}

describe("no secret in any JSON answer", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("walks every GET route with a user who owns one of everything", async () => {
    const { agent } = await t.signUp();
    const ids: Record<string, OwnedId> = {};
    for (const name of Object.keys(CLIENT_OWNED_RESOURCES)) ids[name] = await createOwned(agent, name, t);
    const gets = t.routes.filter(
      (r) => r.method === "get" && !r.path.includes(":token") && !r.path.startsWith("/auth/"),
    );
    let walked = 0;
    for (const route of gets) {
      const url = route.resource ? route.path.replace(":id", String(ids[route.resource])) : route.path;
      const res = await agent.get(url);
      expect(res.status, url).toBeLessThan(500);
      if (!res.headers["content-type"]?.includes("application/json")) continue;
      expect(secretKeysIn(res.body), url).toEqual([]);
      walked += 1;
    }
    expect(walked).toBeGreaterThan(15);
  });
});

/** A well-formed assertion that no authenticator made: it reaches the second step's check, and fails it. */
const FORGED_ASSERTION = {
  id: "A".repeat(43),
  rawId: "A".repeat(43),
  type: "public-key",
  response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
  clientExtensionResults: {},
};

/** A browser past the password step of an account with two-factor sign-in on. */
async function pendingSecondStep(t: TestApp) {
  const { agent, user, password } = await t.signUp();
  await enableTwoFactor(t, agent);
  const browser = t.agent();
  await browser.post("/api/login").send({ email: user.email, password }).expect(200);
  return browser;
}

describe("rate limits on every credential and token route", () => {
  let t: TestApp;
  beforeAll(async () => {
    const tight = { points: 3, durationSeconds: 600 };
    t = await startTestApp({
      config: {
        rateLimits: {
          loginPerAccountAndIp: tight,
          loginFailuresPerIpPerDay: { points: 5, durationSeconds: 86_400 },
          registerPerIp: tight,
          passwordResetPerIp: tight,
          tokenLookupPerIp: tight,
          passkeySignInPerIp: tight,
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const bodyFor = (path: string, i: number): Record<string, unknown> => {
    if (path === "/api/register")
      return { email: `rl${i}.${Date.now()}@example.com`, password: "Kente-Cloth-2026", firstName: "A", lastName: "B" };
    if (path === "/api/login") return { email: "nobody@example.com", password: "Wrong-Password-1" };
    if (path === "/api/user/reauth" || path === "/api/user") return { password: "Wrong-Password-1" };
    if (path === "/api/user/password") return { currentPassword: "Wrong-Password-1", newPassword: "New-Kente-2027" };
    if (path === "/api/user/email") return { password: "Wrong-Password-1", newEmail: `rl${i}@example.com` };
    if (path.startsWith("/api/user/email/")) return { token: "x".repeat(43) };
    if (path.includes("forgot")) return { email: "nobody@example.com" };
    if (path.includes("reset")) return { token: "x".repeat(43), password: "Kente-Cloth-2026" };
    if (path.includes("verify-email")) return { token: "x".repeat(43) };
    if (path === "/api/2fa/disable") return { password: "Wrong-Password-1", code: "000000" };
    if (path === "/api/login/2fa" || path === "/api/2fa/totp/enable") return { code: "000000" };
    if (path === "/api/login/2fa/passkey" || path === "/api/user/reauth/passkey") return { response: FORGED_ASSERTION };
    return {};
  };

  it("answers 429 with Retry-After once a route's limit is used up", async () => {
    const limited = t.routes.filter((r) => r.rateLimited);
    expect(limited.length).toBeGreaterThanOrEqual(7);
    // signed in before the registration limit is spent
    // (unconfirmed: resending the verification link is one of the limited routes)
    const signedIn = (await t.signUp()).agent;
    // code guesses need a set-up waiting for its code (an owner with a confirmed address), and a sign-in waiting for
    // its second step
    const settingUp = (await t.signUp({ verified: true })).agent;
    await settingUp.post("/api/2fa/totp/setup").expect(200);
    const secondStep = await pendingSecondStep(t);
    const agentFor = (path: string) => {
      if (path.startsWith("/api/login/2fa")) return secondStep;
      return path === "/api/2fa/totp/enable" ? settingUp : signedIn;
    };
    for (const route of limited) {
      const app = t.request();
      const agent = route.access === "public" && !route.path.startsWith("/api/login/2fa") ? null : agentFor(route.path);
      let last = 0;
      let retryAfter: string | undefined;
      for (let i = 0; i < 8 && last !== 429; i += 1) {
        const url = route.path.replace(":token", "A".repeat(43));
        const req = agent ? agent[route.method](url) : app[route.method](url);
        const res = await req.send(bodyFor(route.path, i));
        last = res.status;
        retryAfter = res.headers["retry-after"];
      }
      expect(last, `${route.method} ${route.path}`).toBe(429);
      expect(Number(retryAfter), `${route.method} ${route.path}`).toBeGreaterThan(0);
    }
  });
});
