import assert from "node:assert/strict";
import { registerClient } from "../register";
import type { Flow } from "../run";

/** /death-verification: the Overview's honest empty state, the Distribution timeline and settings, a party's edit. */
export const distributionFlow: Flow = {
  name: "distribution: death verification overview, estate distribution settings and a trusted party's edit",
  async run({ page, baseUrl, shot }) {
    const email = `kojo.${Date.now()}@example.com`;
    await registerClient(page, baseUrl, { email, password: "Kente-Cloth-2026", firstName: "Kojo", lastName: "Mensah" });
    const party = await page.request.post(`${baseUrl}/api/enhanced-trusted-parties`, {
      data: {
        trustedPersonName: "Esi Appiah",
        trustedPersonEmail: `esi.${Date.now()}@example.com`,
        relationship: "sibling",
      },
    });
    assert.equal(party.status(), 201);

    await page.goto(`${baseUrl}/death-verification`);
    await page.getByText("No verification requests").waitFor();
    await page.getByText("Not ready").waitFor();
    await shot("death-verification-overview");

    await page.getByRole("tab", { name: "Distribution" }).click();
    const timeline = page.getByRole("list", { name: "Distribution timeline" });
    await timeline.getByText("At once").waitFor();
    const days = page.getByLabel("Waiting period (days)");
    await days.fill("45");
    await page.getByLabel("Include financial assets").check();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Distribution settings saved").first().waitFor();
    await timeline.getByText("After 45 days").waitFor();
    await shot("death-verification-distribution");
    await page.reload();
    await page.getByRole("tab", { name: "Distribution" }).click();
    assert.equal(await page.getByLabel("Waiting period (days)").inputValue(), "45");

    await page.getByRole("tab", { name: "Trusted Parties" }).click();
    await page.getByRole("button", { name: "Edit Esi Appiah" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Ghana Card number (optional)").fill("GHA-123456789-1");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("GHA-••••••••9-1").waitFor();
    await shot("death-verification-party-edited");
  },
};
