import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { registerClient } from "../register";
import { OUTPUT_DIR, type Flow } from "../run";

/**
 * Gift cards paid by card in billing's test mode (issue 19): the clearly marked test card step, the codes once, then
 * the printable card from My Gift Cards — a PDF that never carries the code.
 */
export const giftCardPrintFlow: Flow = {
  name: "gift-card-print: card payment in test mode, codes once, printable card without the code",
  async run({ page, baseUrl, shot }) {
    const stamp = Date.now();
    await registerClient(page, baseUrl, {
      email: `yaa.${stamp}@example.com`,
      password: "Adinkra-Sankofa-2026",
      firstName: "Yaa",
      lastName: "Asantewaa",
    });
    await page.goto(`${baseUrl}/gift-cards`);
    await page.getByRole("button", { name: "GHS 100", exact: true }).click();
    await page.getByLabel("Recipient name").fill("Ɛsi Ŋkansah");
    await page.getByLabel("Recipient phone").fill("+233241234567");
    await page.getByLabel("Personal message (optional)").fill("Afehyia pa! Ɔdɔ ne asomdwoeɛ.");
    await page.locator("label").filter({ hasText: "Festive" }).click();
    await page.getByLabel("Card", { exact: true }).check();
    assert.equal(await page.getByLabel("Payer phone").count(), 0, "no mobile-money payer for a card order");
    await page.getByLabel("Total").filter({ hasText: "GHS 100.00" }).waitFor();
    await shot("gift-card-print-form");
    await page.getByRole("button", { name: "Buy and pay" }).click();

    await page.getByText("Test mode — pay by card on this screen").waitFor();
    await shot("gift-card-print-test-card");
    await page.getByRole("button", { name: "Confirm card payment" }).click();
    const code = (await page.getByTestId("gift-card-code").first().textContent())?.trim() ?? "";
    assert.ok(code.length >= 16, `a code was shown: "${code}"`);
    const list = page.getByRole("list", { name: "My gift cards" });
    await list.getByText("Ɛsi Ŋkansah").waitFor();
    await shot("gift-card-print-codes");

    const link = list.getByRole("link", { name: /^Print card \d{4} \(PDF\)$/ }).first();
    const href = await link.getAttribute("href");
    assert.match(href ?? "", /^\/api\/gift-cards\/\d+\/card\.pdf$/);
    const pdf = await page.request.get(`${baseUrl}${href}`);
    assert.equal(pdf.status(), 200);
    assert.equal(pdf.headers()["content-type"], "application/pdf");
    const bytes = await pdf.body();
    assert.equal(bytes.subarray(0, 5).toString("latin1"), "%PDF-");
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    fs.writeFileSync(path.join(OUTPUT_DIR, "gift-card-print.pdf"), bytes);
  },
};
