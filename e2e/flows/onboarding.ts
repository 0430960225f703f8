import assert from "node:assert/strict";
import type { Flow } from "../run";

const PASSWORD = "Kente-Cloth-2026";

/**
 * Role selection (spec 001 §2, issue 15) for a new account: it lands on /onboarding, Request Admin without the set-up
 * token is refused with the spec's notice, Agent is recorded and leads to the agent onboarding, and from then on "/"
 * is the dashboard. Settings leads back to the screen, where Client opens the dashboard.
 */
export const onboardingFlow: Flow = {
  name: "onboarding: role selection once, Request Admin refused, Agent, Client",
  async run({ page, baseUrl, shot }) {
    const email = `kofi.${Date.now()}@example.com`;
    const registered = await page.request.post(`${baseUrl}/api/register`, {
      data: { email, password: PASSWORD, firstName: "Kofi", lastName: "Mensah" },
    });
    assert.equal(registered.status(), 201, await registered.text());

    await page.goto(`${baseUrl}/assets`);
    await page.waitForURL(/\/onboarding$/);
    const cards = page.getByRole("region");
    await cards.getByRole("heading", { name: "Request Admin" }).waitFor();
    assert.deepEqual(await page.getByRole("heading", { level: 2 }).allTextContents(), [
      "Agent",
      "Request Admin",
      "Client",
    ]);

    await page.getByLabel("Set-up token").fill("not-the-set-up-token");
    await page.getByRole("button", { name: "Request Admin" }).click();
    await page.getByText("Admin Promotion Failed").first().waitFor();
    await page.getByText("You are not eligible for admin privileges.").first().waitFor();
    await shot("onboarding-admin-refused");
    const me = await page.request.get(`${baseUrl}/api/user`);
    assert.equal((await me.json()).userType, "client");

    await page.setViewportSize({ width: 390, height: 844 });
    await shot("onboarding-phone");
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole("button", { name: "Continue as Agent" }).click();
    await page.waitForURL(/\/agent-onboarding$/);
    await page.getByRole("form", { name: "Agent onboarding" }).waitFor();
    await shot("agent-onboarding-chosen");

    // once: the choice is kept, so "/" is the client's dashboard from now on
    await page.goto(baseUrl);
    await page.getByText("Welcome back, Kofi").waitFor();
    assert.equal(new URL(page.url()).pathname, "/");

    await page.goto(`${baseUrl}/settings`);
    await page.getByRole("link", { name: "Choose Another Role" }).click();
    await page.waitForURL(/\/onboarding$/);
    await page.getByRole("button", { name: "Continue as Client" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText("Welcome back, Kofi").waitFor();
    const chosen = await (await page.request.get(`${baseUrl}/api/user`)).json();
    assert.equal(chosen.roleChoice, "client");
  },
};
