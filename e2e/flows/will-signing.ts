import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { checkDialogKeyboard } from "../dialog-keyboard";
import { registerClient } from "../register";
import type { Flow } from "../run";

async function notice(page: Page, title: string): Promise<void> {
  await page.getByText(title, { exact: true }).first().waitFor();
}

/** A small but real PDF: the server checks magic bytes. */
function writeScan(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-e2e-scan-"));
  const file = path.join(dir, "signed-will.pdf");
  fs.writeFileSync(
    file,
    "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n" +
      "trailer << /Root 1 0 R >>\n%%EOF\n",
  );
  return file;
}

/** Issue 20: prepare the execution record, see the warnings, print, mark ready, upload the scan, see it executed. */
export const willSigningFlow: Flow = {
  name: "will signing: prepare, print, upload a scan, see it executed",
  async run({ page, baseUrl, shot }) {
    const stamp = Date.now();
    await registerClient(page, baseUrl, {
      email: `kwabena.${stamp}@example.com`,
      password: "Kente-Cloth-2026",
      firstName: "Kwabena",
      lastName: "Ɔsɛi",
    });
    const will = await page.request.post(`${baseUrl}/api/digital-wills`, {
      data: { title: "Last Will of Kwabena Ɔsɛi", content: "I leave my house in Kumasi to my daughter Ɛsi." },
    });
    assert.equal(will.status(), 201);

    await page.goto(`${baseUrl}/digital-will`);
    await page.getByText("Not signed yet").waitFor();
    await page.getByRole("link", { name: "Prepare Your Will for Signing" }).click();
    await page.getByRole("heading", { level: 1, name: "Sign Your Will" }).waitFor();
    await page.getByRole("heading", { name: "Before you sign" }).waitFor();
    await page.getByText("This is not legal advice", { exact: false }).first().waitFor();

    // one witness only: saved, with a warning, not refused
    assert.equal(await page.getByLabel("Your full name").inputValue(), "Kwabena Ɔsɛi");
    await page.getByLabel("Your address").fill("7 Adum Road, Kumasi");
    await page.getByLabel("Place of signing").fill("Kumasi");
    await page.getByLabel("Witness 1 full name").fill("Ama Ɔwusu");
    await page.getByLabel("Witness 1 address").fill("12 Ring Road, Accra");
    await page.getByLabel("Witness 1 occupation").fill("Teacher");
    await page.getByRole("button", { name: "Save Execution Details" }).click();
    await notice(page, "Execution Details Saved");
    await page.getByText("only one is named", { exact: false }).waitFor();

    await page.getByLabel("Witness 2 full name").fill("Yaw Ŋkrumah");
    await page.getByLabel("Witness 2 address").fill("4 Oxford Street, Osu");
    await page.getByLabel("Witness 2 occupation").fill("Pharmacist");
    await page.getByRole("button", { name: "Save Execution Details" }).click();
    await page.getByRole("heading", { name: "Check these before signing" }).waitFor({ state: "detached" });
    await shot("will-signing-details");

    const pdfHref = await page.getByRole("link", { name: "Print Will for Signing" }).getAttribute("href");
    assert.ok(pdfHref);
    const pdf = await page.request.get(`${baseUrl}${pdfHref}`);
    assert.equal(pdf.status(), 200);
    assert.match(pdf.headers()["content-type"] ?? "", /application\/pdf/);

    await page.getByRole("button", { name: "Mark Ready to Sign" }).click();
    await notice(page, "Ready to Sign");
    await page.getByText("Ready to sign", { exact: true }).waitFor();
    await page.getByLabel("Signed pages").setInputFiles(writeScan());
    await page.getByRole("button", { name: "Upload Signed Will" }).click();
    await notice(page, "Will Recorded as Executed");
    await page.getByRole("link", { name: /Download the signed pages/ }).waitFor();

    await page.goto(`${baseUrl}/digital-will`);
    await page.getByRole("heading", { name: "Signed will: version 1" }).waitFor();
    await page.getByText("Executed", { exact: true }).waitFor();
    await checkDialogKeyboard(page, page.getByRole("button", { name: "Say Where It Is Kept" }), /signed original/);
    await page.getByRole("button", { name: "Say Where It Is Kept" }).click();
    const dialog = page.getByRole("dialog", { name: "Where is the signed original?" });
    await dialog.getByLabel("Kept at").fill("With my lawyer at Ɛsi & Co., Accra");
    await dialog.getByRole("button", { name: "Save Location" }).click();
    await notice(page, "Location Saved");
    await page.getByText("With my lawyer at Ɛsi & Co., Accra").waitFor();
    await shot("will-signed");
  },
};
