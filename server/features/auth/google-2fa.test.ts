import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  signInThroughGoogle,
  startFakeGoogle,
  TEST_GOOGLE_CLIENT as client,
  type FakeGoogle,
  type GoogleAccount,
} from "../../test/fakes/google";
import { startTestApp, type TestApp } from "../../test/harness";
import { codeNow, enableTwoFactor, wrongCode } from "../../test/two-factor";
import { SECOND_STEP_PATH } from "./second-factor.routes";

/** AUTH-20: Google sign-in is a first factor like a password, never a way around the second one. */
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

/** Our callback's answer once the browser has been through Google's consent page. */
const signInWithGoogle = async (agent: Parameters<typeof signInThroughGoogle>[1], who: GoogleAccount) =>
  (await signInThroughGoogle(google, agent, who)).callback;

const account = (email: string): GoogleAccount => ({ sub: `google-${email}`, email, email_verified: true });

describe("Google sign-in with two-factor sign-in on (AUTH-20)", () => {
  it("sends the browser to the second step with no signed-in session, and signs in only with the code", async () => {
    const who = account(t.uniqueEmail("efua"));
    const first = t.agent();
    expect((await signInWithGoogle(first, who)).headers.location).toBe("/");
    // a Google account has no password: its fresh sign-in is the step-up for the set-up
    const { secret } = await enableTwoFactor(t, first);

    const browser = t.agent();
    const callback = await signInWithGoogle(browser, who);
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe(SECOND_STEP_PATH);
    expect((await browser.get("/api/user")).status).toBe(401);
    expect((await browser.get("/api/user/sessions")).status).toBe(401);

    expect((await browser.post("/api/login/2fa").send({ code: wrongCode(t, secret) })).status).toBe(401);
    expect((await browser.get("/api/user")).status).toBe(401);
    const done = await browser.post("/api/login/2fa").send({ code: codeNow(t, secret) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ email: who.email, authProvider: "google", twoFactorEnabled: true });
    expect((await browser.get("/api/user")).status).toBe(200);
  });

  it("still signs in at once when two-factor sign-in is off", async () => {
    const browser = t.agent();
    const callback = await signInWithGoogle(browser, account(t.uniqueEmail("kwesi")));
    expect(callback.headers.location).toBe("/");
    expect((await browser.get("/api/user")).body.twoFactorEnabled).toBe(false);
  });
});
