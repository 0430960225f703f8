import assert from "node:assert/strict";
import { checkDialogKeyboard } from "../dialog-keyboard";
import { registerClient } from "../register";
import type { Flow } from "../run";

/** Pricing in test mode: upgrade to Basic Premium, see the plan badge change, buy 12 GB (issue 6). */
export const billingFlow: Flow = {
  name: "billing: test-mode upgrade, plan badge, storage purchase",
  async run({ page, baseUrl, shot }) {
    const email = `kwame.${Date.now()}@example.com`;
    await registerClient(page, baseUrl, {
      email,
      password: "Kente-Cloth-2026",
      firstName: "Kwame",
      lastName: "Asante",
    });

    await page.goto(`${baseUrl}/pricing-tiers`);
    await page.getByRole("heading", { name: "Plans & Pricing", level: 1 }).waitFor();
    await page.getByText("Test mode — no charge").waitFor();
    await page.getByRole("button", { name: "Current Plan" }).waitFor();
    await page.getByText("Current storage usage").waitFor();
    await shot("pricing");

    await page.getByRole("button", { name: "Upgrade to Basic Premium" }).click();
    await page.getByText("Plan upgraded successfully!").first().waitFor();
    const current = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: "Current Plan" }) });
    await current.getByRole("heading", { name: "Basic Premium" }).waitFor();

    // The top navigation's plan badge reads the refreshed user: no reload, just client-side navigation.
    await page.getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.locator("header").getByText("Basic Premium").first().waitFor();
    await page.locator("header").getByRole("link", { name: "Upgrade Plan" }).first().click();
    await page.waitForURL(/\/pricing-tiers$/);

    await page.getByLabel("Storage (GB)").fill("12");
    await page.getByTestId("storage-total").filter({ hasText: "$23.88" }).waitFor();
    await page.getByRole("button", { name: "Purchase", exact: true }).click();
    await page.getByText("Additional storage purchased successfully!").first().waitFor();
    await page.getByText("+ 12 GB purchased").waitFor();
    await page.getByRole("cell", { name: "Additional storage: 12 GB" }).waitFor();

    const usage = await (await page.request.get(`${baseUrl}/api/usage`)).json();
    assert.equal(usage.plan, "basic_premium");
    assert.equal(usage.additionalStorageGB, 12);
    assert.equal(usage.storageLimit, (2048 + 12 * 1024) * 1024 * 1024);
    await shot("pricing-after");
    await checkDialogKeyboard(
      page,
      page.getByRole("button", { name: "Cancel subscription" }),
      "Cancel your subscription?",
      { role: "alertdialog" },
    );
  },
};
