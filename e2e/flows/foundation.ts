import assert from "node:assert/strict";
import type { Flow } from "../run";

/** Landing → register → role selection → dashboard → reload (still signed in) → 404 → sign out (issue: foundation). */
export const foundationFlow: Flow = {
  name: "foundation: landing, register, role selection, dashboard, 404, logout",
  async run({ page, baseUrl, shot }) {
    await page.goto(baseUrl);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await shot("landing");

    // the first sign-in variant's form: the shared sign-up fields plus its confirm field
    await page.goto(`${baseUrl}/auth-simple`);
    await page.getByRole("tab", { name: "Create Account" }).click();
    const createAccount = page.getByRole("form", { name: "Create account" });
    await createAccount.getByLabel("Password", { exact: true }).fill("Kente-Cloth-2026");
    await createAccount.getByLabel("Confirm password").fill("Kente-Cloth-2027");
    await createAccount.getByRole("button", { name: "Create Account" }).click();
    await createAccount.getByText("Passwords don't match").waitFor();
    await createAccount.getByText("First name is required").waitFor();
    await page.goto(baseUrl);

    await page.getByRole("link", { name: "Get Started Free" }).first().click();
    await page.waitForURL(/\/auth$/);
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.getByLabel("First name").fill("Akosua");
    await page.getByLabel("Last name").fill("Boateng");
    const email = `akosua.${Date.now()}@example.com`;
    await page.getByLabel("Email").last().fill(email);
    await page.getByLabel("Password").last().fill("Kente-Cloth-2026");
    await shot("auth-sign-up");
    await page
      .getByRole("button", { name: /sign up|create account/i })
      .last()
      .click();

    // a new account chooses its role first (spec 001 §2, issue 15): Client leads to the dashboard
    await page.waitForURL(/\/onboarding$/);
    await page.getByRole("heading", { name: "Choose Your Role", level: 1 }).waitFor();
    await shot("onboarding");
    await page.getByRole("button", { name: "Continue as Client" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText("Welcome back, Akosua").waitFor();
    await shot("dashboard-new-user");

    await page.reload();
    await page.getByText("Welcome back, Akosua").waitFor();

    await page.goto(`${baseUrl}/no-such-page`);
    await page.getByText("404 Page Not Found").waitFor();
    await page.getByText("Did you forget to add the page to the router?").waitFor();
    await shot("not-found");

    await page.goto(`${baseUrl}/dashboard`);
    await page
      .getByRole("button", { name: /Akosua|account|menu/i })
      .first()
      .click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    // spec 000 §4: the location is replaced with "/" 500 ms after sign-out (a full load)
    await page.waitForEvent("load");
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("link", { name: "Get Started Free" }).first().waitFor();
    const me = await page.request.get(`${baseUrl}/api/user`);
    assert.equal(me.status(), 401);
    await shot("signed-out");

    // a protected screen while signed out: the notice, then /auth after 500 ms
    await page.goto(`${baseUrl}/beneficiaries`);
    await page.getByText("You are logged out. Logging in again...").first().waitFor();
    await page.waitForURL(/\/auth$/);
  },
};
