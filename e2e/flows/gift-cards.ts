import assert from "node:assert/strict";
import path from "node:path";
import { registerClient } from "../register";
import type { Flow } from "../run";

const OUTPUT_DIR = path.resolve(import.meta.dirname, "../../e2e-output");

/**
 * Gift cards in test mode (issue 19): buy, approve on the screen, read the code once, redeem it in another account,
 * whose credit then pays for storage — in full, then with mobile money for the rest.
 */
export const giftCardsFlow: Flow = {
  name: "gift-cards: test-mode purchase, codes once, redemption in a second account",
  async run({ page, baseUrl, browser, shot }) {
    const stamp = Date.now();
    await page.goto(`${baseUrl}/gift-cards`);
    await page.getByRole("link", { name: "Sign in to buy" }).waitFor();
    await shot("gift-cards-visitor");

    await registerClient(page, baseUrl, {
      email: `adwoa.${stamp}@example.com`,
      password: "Kente-Cloth-2026",
      firstName: "Adwoa",
      lastName: "Mensah",
    });
    await page.goto(`${baseUrl}/gift-cards`);
    await page.getByRole("button", { name: "GHS 50", exact: true }).click();
    await page.getByLabel("Recipient name").fill("Kofi Boateng");
    await page.getByLabel("Recipient phone").fill("+233241234567");
    await page.locator("label").filter({ hasText: "Modern" }).click();
    assert.ok(await page.getByLabel("Modern").isChecked(), "the Modern design is chosen");
    await page.getByLabel("Payer phone").fill("+233247654321");
    await page.getByLabel("Total").filter({ hasText: "GHS 50.00" }).waitFor();
    await shot("gift-cards-form");
    await page.getByRole("button", { name: "Buy and pay" }).click();

    await page.getByText("Test mode — approve on this screen").waitFor();
    await shot("gift-cards-payment");
    await page.getByRole("button", { name: "Approve" }).click();
    const code = (await page.getByTestId("gift-card-code").first().textContent())?.trim() ?? "";
    assert.ok(code.length >= 16, `a code was shown: "${code}"`);
    await page.getByText("Gift Card Purchase Successful!").first().waitFor();
    await page.getByText(/they will not be shown again/).waitFor();
    await page.getByRole("list", { name: "My gift cards" }).getByText("Kofi Boateng").waitFor();
    await shot("gift-cards-codes");

    const recipient = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const other = await recipient.newPage();
      await registerClient(other, baseUrl, {
        email: `kofi.${stamp}@example.com`,
        password: "Kente-Cloth-2026",
        firstName: "Kofi",
        lastName: "Boateng",
      });
      await other.goto(`${baseUrl}/gift-cards`);
      await other.getByTestId("credit-balance").filter({ hasText: "GHS 0.00" }).waitFor();
      await other.getByLabel("Gift card code").fill(code);
      await other.getByRole("button", { name: "Redeem", exact: true }).click();
      await other.getByText("GHS 50.00 added. Your balance is now GHS 50.00.").waitFor();
      await other.getByTestId("credit-balance").filter({ hasText: "GHS 50.00" }).waitFor();
      await other.getByLabel("Gift card code").fill(code);
      await other.getByRole("button", { name: "Redeem", exact: true }).click();
      await other.getByLabel("Gift card code").and(other.locator("[aria-invalid=true]")).waitFor();
      await other.screenshot({ path: path.join(OUTPUT_DIR, "gift-cards-redeemed.png"), fullPage: true });

      // the credit pays for storage first: 1 GB (GH₵37.50) is covered in full and applied at once
      await other.goto(`${baseUrl}/pricing`);
      await other.getByTestId("credit-balance").filter({ hasText: "GH₵50.00" }).waitFor();
      await other.getByTestId("credit-note").filter({ hasText: "GH₵50.00 is spent first" }).waitFor();
      await other.getByTestId("plan-ghs-basic_premium").filter({ hasText: "GH₵250.00" }).waitFor();
      await other.getByLabel("Storage (GB)").fill("1");
      await other.getByTestId("storage-total-ghs").filter({ hasText: "GH₵37.50" }).waitFor();
      await other.getByRole("button", { name: "Purchase", exact: true }).click();
      await other.getByText("Additional storage purchased successfully!").first().waitFor();
      await other.getByTestId("credit-balance").filter({ hasText: "GH₵12.50" }).waitFor();
      await other.getByRole("cell", { name: "Paid: Additional storage: 1 GB" }).waitFor();
      await other.getByText("credit GH₵37.50", { exact: true }).waitFor();
      await other.screenshot({ path: path.join(OUTPUT_DIR, "gift-cards-credit-storage.png"), fullPage: true });

      // the rest of the credit and mobile money for the remainder: another 1 GB asks GH₵25.00 on the phone
      await other.getByLabel("Mobile money (GHS)").check();
      await other.getByLabel("Payer's phone number").fill("+233 20 765 4321");
      await other.getByRole("button", { name: "Purchase", exact: true }).click();
      await other.getByText("Test mode — approve on this screen").waitFor();
      await other.getByTestId("momo-amount").filter({ hasText: "GH₵25.00" }).waitFor();
      await other.screenshot({ path: path.join(OUTPUT_DIR, "gift-cards-credit-momo-step.png"), fullPage: true });
      await other.getByRole("button", { name: "Approve" }).click();
      await other.getByText("Additional storage purchased successfully!").first().waitFor();
      await other.getByTestId("credit-balance").filter({ hasText: "GH₵0.00" }).waitFor();
      await other.getByText("credit GH₵12.50 + mobile money GH₵25.00", { exact: true }).waitFor();
      await other.screenshot({ path: path.join(OUTPUT_DIR, "gift-cards-credit-momo-paid.png"), fullPage: true });
    } finally {
      await recipient.close();
    }
  },
};
