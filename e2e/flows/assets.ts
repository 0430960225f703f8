import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { checkDialogKeyboard } from "../dialog-keyboard";
import { registerClient } from "../register";
import type { Flow } from "../run";

const PASSWORD = "Kente-Cloth-2026";

async function notice(page: Page, title: string): Promise<void> {
  await page.getByText(title, { exact: true }).first().waitFor();
}

/** A small but real PDF (the server checks magic bytes, not just the extension). */
function writePdf(dir: string, name: string): { file: string; bytes: Buffer } {
  const bytes = Buffer.from(
    "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n" +
      "2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n" +
      "trailer << /Root 1 0 R >>\n%%EOF\n",
  );
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return { file, bytes };
}

/** Assets screen (types, upload with progress, All Assets, download, typed add/edit) and Online Accounts (issue 3). */
export const assetsFlow: Flow = {
  name: "assets: upload and download, typed assets, all assets, online accounts",
  async run({ page, baseUrl, shot }) {
    const stamp = Date.now();
    await registerClient(page, baseUrl, {
      email: `efua.${stamp}@example.com`,
      password: PASSWORD,
      firstName: "Efua",
      lastName: "Mensah",
    });

    // Asset Types: seven cards with counts, all zero for a new user
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Assets", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Assets" }).waitFor();
    await page.getByRole("button", { name: "Add Financial Assets" }).waitFor();
    await page.locator("dd", { hasText: /^0$/ }).first().waitFor();
    await shot("assets-types");

    // upload: no files → the spec's notice; then a real PDF through the dialog
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hl-assets-"));
    const fileName = `will-scan-${stamp}.pdf`;
    const pdf = writePdf(tmp, fileName);
    await checkDialogKeyboard(
      page,
      page.getByRole("button", { name: "Upload Digital Files" }),
      "Upload Digital Assets",
    );
    await page.getByRole("button", { name: "Upload Digital Files" }).click();
    const upload = page.getByRole("dialog", { name: "Upload Digital Assets" });
    await upload.getByLabel("Category", { exact: true }).selectOption("documents");
    await upload.getByRole("button", { name: "Upload", exact: true }).click();
    await notice(page, "No Files Selected");
    await upload.getByLabel("Files", { exact: true }).setInputFiles(pdf.file);
    await upload.getByText(fileName).waitFor();
    await upload.getByLabel("Description (optional)").fill("Scanned copy of the signed will");
    await upload.getByRole("button", { name: "Upload", exact: true }).click();
    await notice(page, "Assets Uploaded");
    await upload.waitFor({ state: "detached" });

    // All Assets: the file is listed and downloads back byte for byte
    await page.getByRole("tab", { name: "All Assets" }).click();
    const fileRow = page.getByRole("row").filter({ hasText: fileName });
    await fileRow.waitFor();
    await fileRow.getByText("Pending").waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: `Download ${fileName}` }).click(),
    ]);
    const saved = await download.path();
    assert.ok(saved, "download was not saved");
    assert.deepEqual(fs.readFileSync(saved), pdf.bytes);

    // a financial asset through its own dialog (sensitive account number masked, with a show toggle)
    await page.getByRole("tab", { name: "Asset Types" }).click();
    await checkDialogKeyboard(page, page.getByRole("button", { name: "Add Financial Assets" }), "Add Financial Asset", {
      key: "Space",
    });
    await page.getByRole("button", { name: "Add Financial Assets" }).click();
    const add = page.getByRole("dialog", { name: "Add Financial Asset" });
    await add.getByRole("button", { name: "Add Asset" }).click();
    await add.getByText("Title is required").waitFor();
    await add.getByText("Account name is required").waitFor();
    await add.getByRole("textbox", { name: "Title", exact: true }).fill("Databank pension fund");
    await add.getByRole("combobox", { name: "Category", exact: true }).selectOption("investment");
    await add.getByRole("textbox", { name: "Account name", exact: true }).fill("Databank Epack");
    await add.getByLabel("Institution", { exact: true }).fill("Databank");
    const accountNumber = add.getByLabel("Account number", { exact: true });
    await accountNumber.fill("0012-3456-789");
    assert.equal(await accountNumber.getAttribute("type"), "password");
    await add.getByRole("button", { name: "Show account number" }).click();
    assert.equal(await accountNumber.getAttribute("type"), "text");
    await add.getByLabel("Priority", { exact: true }).selectOption("high");
    await add.getByRole("button", { name: "Add Asset" }).click();
    await notice(page, "Asset Created");
    await add.waitFor({ state: "detached" });

    // edit it from All Assets: the dialog opens prefilled, including the decrypted sensitive field
    await page.getByRole("tab", { name: "All Assets" }).click();
    await page.getByRole("row").filter({ hasText: "Databank pension fund" }).waitFor();
    await page.getByText("Showing 1–2 of 2").waitFor();
    await shot("assets-all");
    const editAsset = page.getByRole("button", { name: "Edit Databank pension fund" });
    await checkDialogKeyboard(page, editAsset, "Edit Financial Asset");
    await checkDialogKeyboard(page, page.getByRole("button", { name: "Delete Databank pension fund" }), /^Delete/, {
      role: "alertdialog",
    });
    await editAsset.click();
    const edit = page.getByRole("dialog", { name: "Edit Financial Asset" });
    assert.equal(await edit.getByLabel("Account number", { exact: true }).inputValue(), "0012-3456-789");
    await edit.getByLabel("Current value", { exact: true }).fill("GHS 48,000");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await notice(page, "Asset Updated");

    // Online Accounts: empty state, add with 2FA, reveal the sensitive panel, delete through the confirmation
    await page.goto(`${baseUrl}/online-accounts`);
    await page.getByRole("heading", { level: 1, name: "Online Accounts" }).waitFor();
    await page.getByText("No online accounts added yet").waitFor();
    await checkDialogKeyboard(
      page,
      page.getByRole("button", { name: "Add Account", exact: true }),
      "Add Online Account",
    );
    await page.getByRole("button", { name: "Add Account", exact: true }).click();
    const account = page.getByRole("dialog", { name: "Add Online Account" });
    await account.getByRole("textbox", { name: "Account name", exact: true }).fill("Personal Gmail");
    await account.getByRole("combobox", { name: "Account type", exact: true }).selectOption("email");
    await account.getByLabel("Platform", { exact: true }).fill("gmail.com");
    await account.getByLabel("Email", { exact: true }).fill(`efua.${stamp}@gmail.com`);
    await account.getByLabel("Username", { exact: true }).fill("efua.mensah");
    await account.getByLabel("Password hint", { exact: true }).fill("Grandmother's village + year");
    await account.getByLabel("Two-factor authentication (2FA) information").fill("Google Authenticator on my phone");
    await account.getByLabel("Instructions for your beneficiary").fill("Download the photos, then close it.");
    await account.getByRole("button", { name: "Add Account" }).click();
    await notice(page, "Account Added");
    await account.waitFor({ state: "detached" });
    await page.getByRole("heading", { level: 3, name: "Personal Gmail" }).waitFor();
    await page.getByText("2FA", { exact: true }).waitFor();
    await page.getByRole("button", { name: /Show Sensitive Info/ }).click();
    const secrets = page.getByRole("region", { name: "Sensitive Information" });
    await secrets.getByText("efua.mensah").waitFor();
    await secrets.getByText("Google Authenticator on my phone").waitFor();
    await shot("online-accounts");

    await checkDialogKeyboard(page, page.getByRole("button", { name: "Edit Personal Gmail" }), "Edit Online Account");
    await checkDialogKeyboard(page, page.getByRole("button", { name: "Delete Personal Gmail" }), /^Delete/, {
      role: "alertdialog",
    });
    await page.getByRole("button", { name: "Delete Personal Gmail" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm
      .getByText("Are you sure you want to delete this online account? This action cannot be undone.")
      .waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await notice(page, "Account Deleted");
    await page.getByText("No online accounts added yet").waitFor();
    fs.rmSync(tmp, { recursive: true, force: true });

    // a direct load (bookmark, reload) of /assets must serve the SPA, not the static /assets directory
    await page.goto(`${baseUrl}/assets`);
    await page.getByRole("heading", { level: 1, name: "Assets" }).waitFor({ timeout: 5000 });
  },
};
