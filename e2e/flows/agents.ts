import assert from "node:assert/strict";
import path from "node:path";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import type { Page } from "playwright-core";
import type { Flow } from "../run";
import { outboxToken } from "../outbox";

const PASSWORD = "Kente-Cloth-2026";
const stepNow = () => Math.floor(Date.now() / 30_000);
const codeAt = (secret: string, step: number) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);

/** The agent's three onboarding steps, signed out: the account is part of the first step. */
async function onboard(page: Page, baseUrl: string, email: string, shot: (name: string) => Promise<void>) {
  await page.goto(`${baseUrl}/agent-onboarding`);
  const form = page.getByRole("form", { name: "Agent onboarding" });
  await form.getByText("Step 1 of 3").waitFor();
  await form.getByLabel("First name").fill("Kofi");
  await form.getByLabel("Last name").fill("Mensah");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Business name").fill("Mensah Estate Advisors");
  await form.getByLabel("License number").fill("GH-LAW-2291");
  await form.getByLabel("Business address").fill("14 Independence Avenue, Accra");
  await form.getByLabel("Business phone").fill("+233 24 123 4567");
  await form.getByLabel("Years of experience").fill("8");
  await shot("agent-onboarding-business");
  await form.getByRole("button", { name: "Next" }).click();

  await form.getByText("Step 2 of 3").waitFor();
  await form.getByLabel("Estate Planning").check();
  await form.getByLabel("Expected client capacity").fill("20");
  await shot("agent-onboarding-practice");
  await form.getByRole("button", { name: "Next" }).click();

  await form.getByText("Step 3 of 3").waitFor();
  await form.getByText("Potential monthly earnings: $59.98").waitFor();
  await form.getByLabel("I agree to the agent terms and commission structure").check();
  await shot("agent-onboarding-terms");
  await form.getByRole("button", { name: "Complete Onboarding" }).click();
}

/** The product asks an agent for a proven address and a second factor before the agent screens open. */
async function secureAgent(page: Page, baseUrl: string, dataDir: string, email: string) {
  await page.waitForURL(/\/settings\?section=two-factor$/);
  await page.goto(`${baseUrl}/verify-email/${await outboxToken(dataDir, email, "verify-email")}`);
  await page.getByText("Thank you. Your e-mail address is verified.").waitFor();
  await page.goto(`${baseUrl}/settings?section=two-factor`);
  await page.getByRole("button", { name: "Set Up Two-Factor Sign-In" }).click();
  const dialog = page.getByRole("dialog", { name: "Set up two-factor sign-in" });
  const secret = (await dialog.getByLabel("Key for manual entry").innerText()).replace(/\s+/g, "");
  await dialog.getByLabel("Code from the app").fill(codeAt(secret, stepNow()));
  await dialog.getByRole("button", { name: "Turn On" }).click();
  await dialog.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").nth(9).waitFor();
  await dialog.getByRole("button", { name: "Done" }).click();
}

/**
 * Agents (issue 17): an agent onboards in three steps, turns on two-factor sign-in, takes the Professional plan,
 * invites a client from the dashboard (the link is shown once); the client opens it in another browser, creates an
 * account, accepts and buys a plan in test mode; the agent's dashboard then shows the client and the commission.
 */
export const agentsFlow: Flow = {
  name: "agents: onboarding, two-factor, invitation accepted by a new client, commission on the dashboard",
  async run({ page, baseUrl, server, browser, shot }) {
    const agentEmail = `kofi.agent.${Date.now()}@example.com`;
    await onboard(page, baseUrl, agentEmail, shot);
    await secureAgent(page, baseUrl, server.dataDir, agentEmail);

    // Without Professional (the invitation gate) the dashboard offers the plan; its pricing card reads "Contact Sales"
    // and takes the plan like any other (spec 000 §9; test mode here, Stripe Checkout otherwise).
    await page.goto(`${baseUrl}/agent-dashboard`);
    await page.getByRole("heading", { name: "Agent Dashboard", level: 1 }).waitFor();
    const notice = page.getByRole("region", { name: "Professional plan needed" });
    await notice.waitFor();
    await shot("agent-dashboard-needs-professional");
    await notice.getByRole("link", { name: "Get Professional" }).click();
    await page.waitForURL(/\/pricing$/);
    await page.getByRole("button", { name: "For client accounts" }).first().waitFor();
    await shot("agent-pricing");
    await page.getByRole("button", { name: "Contact Sales" }).click();
    await page.getByText("Plan upgraded successfully!").first().waitFor();

    await page.goto(`${baseUrl}/agent-dashboard`);
    await page.getByRole("heading", { name: "Agent Dashboard", level: 1 }).waitFor();
    await page.getByText("Mensah Estate Advisors").first().waitFor();
    await page.getByRole("button", { name: "Invite Client" }).waitFor();
    assert.equal(await notice.count(), 0);
    await shot("agent-dashboard-empty");
    await page.getByRole("button", { name: "Invite Client" }).click();
    const invite = page.getByRole("dialog", { name: "Invite Client" });
    const clientEmail = `ama.client.${Date.now()}@example.com`;
    await invite.getByLabel("Email").fill(clientEmail);
    await invite.getByLabel("First name (optional)").fill("Ama");
    await invite.getByRole("button", { name: "Send Invitation" }).click();
    const link = invite.getByRole("status").locator("code");
    const inviteUrl = (await link.innerText()).trim();
    assert.match(inviteUrl, /\/invitation\/[A-Za-z0-9_-]{43}$/);
    await shot("agent-invite-link");
    await invite.getByRole("button", { name: "Close" }).first().click();

    const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const client = await other.newPage();
      const clientShot = (name: string) =>
        client.screenshot({ path: path.resolve(import.meta.dirname, `../../e2e-output/${name}.png`), fullPage: true });
      await client.goto(`${baseUrl}${new URL(inviteUrl).pathname}`);
      await client.getByText(/Hello Ama\. .*Mensah.* invites you to plan your digital legacy/).waitFor();
      await clientShot("invitation-signed-out");
      await client.waitForURL(/\/auth$/);
      await client.getByRole("tab", { name: "Sign Up" }).click();
      await client.getByLabel("First name").fill("Ama");
      await client.getByLabel("Last name").fill("Owusu");
      await client.getByLabel("Email").last().fill(clientEmail);
      await client.getByLabel("Password").last().fill(PASSWORD);
      await client
        .getByRole("button", { name: /sign up|create account/i })
        .last()
        .click();
      // the new account's first screen takes them back to the waiting invitation
      await client.waitForURL(/\/invitation\//);
      await client.getByRole("button", { name: "Accept Invitation" }).click();
      await client.getByText("Invitation accepted. Taking you to your dashboard...").waitFor();
      await clientShot("invitation-accepted");

      await client.goto(`${baseUrl}/pricing-tiers`);
      await client.getByRole("button", { name: "Upgrade to Basic Premium" }).click();
      await client.getByText("Plan upgraded successfully!").first().waitFor();
    } finally {
      await other.close();
    }

    await page.reload();
    await page.getByRole("heading", { name: "Agent Dashboard", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "My Clients" }).waitFor();
    await page.getByText("Ama Owusu").first().waitFor();
    // 10 % of $19.99, kept exact (1.999) and shown rounded half up
    await page.getByText("$2.00").first().waitFor();
    await page.getByText("1 payment").first().waitFor();
    await shot("agent-dashboard-earning");
  },
};
