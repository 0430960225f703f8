import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { checkDialogKeyboard } from "../dialog-keyboard";
import { outboxToken } from "../outbox";
import { registerClient } from "../register";
import type { Flow } from "../run";

const PASSWORD = "Kente-Cloth-2026";
const XSS_NAME = "<img src=x onerror=window.__xss=1>";

/** Mail files in the dev outbox for `to` with a `/<kind>/` link. */
function outboxCount(dataDir: string, to: string, kind: string): number {
  const outbox = path.join(dataDir, "outbox");
  if (!fs.existsSync(outbox)) return 0;
  return fs
    .readdirSync(outbox)
    .map((file) => fs.readFileSync(path.join(outbox, file), "utf8").replace(/=\r?\n/g, ""))
    .filter((text) => text.includes(to) && text.includes(`/${kind}/`)).length;
}

async function notice(page: Page, title: string): Promise<void> {
  await page.getByText(title, { exact: true }).first().waitFor();
}

async function addThroughDialog(
  page: Page,
  opener: string,
  b: { firstName: string; lastName: string; email: string; relationship: string },
) {
  await page.getByRole("button", { name: opener }).click();
  const dialog = page.getByRole("dialog", { name: "Add Beneficiary" });
  await dialog.getByLabel("First name").fill(b.firstName);
  await dialog.getByLabel("Last name").fill(b.lastName);
  await dialog.getByLabel("Email").fill(b.email);
  await dialog.getByLabel("Relationship").selectOption(b.relationship);
  await dialog.getByRole("button", { name: "Add Beneficiary" }).click();
  return dialog;
}

/** Beneficiaries (empty state, add, edit, verify link, search, plan limit, delete, XSS), will versions, dashboard. */
export const estateFlow: Flow = {
  name: "estate: beneficiaries, digital will history and diff, dashboard",
  async run({ page, baseUrl, server, browser, shot }) {
    const stamp = Date.now();
    const kwameEmail = `kwame.${stamp}@example.com`;
    const yaaEmail = `yaa.${stamp}@example.com`;
    const yaa = { email: yaaEmail, password: PASSWORD, firstName: "Yaa", lastName: "Asantewaa" };
    await registerClient(page, baseUrl, yaa);

    // empty state, then the spec's validation messages on an empty submit
    await page.goto(`${baseUrl}/beneficiaries`);
    await page.getByRole("heading", { level: 1, name: "Beneficiaries" }).waitFor();
    await page.getByRole("button", { name: "Add Your First Beneficiary" }).waitFor();
    await shot("beneficiaries-empty");
    await checkDialogKeyboard(
      page,
      page.getByRole("button", { name: "Add Your First Beneficiary" }),
      "Add Beneficiary",
    );
    await page.getByRole("button", { name: "Add Your First Beneficiary" }).click();
    const empty = page.getByRole("dialog", { name: "Add Beneficiary" });
    assert.equal(await empty.getByLabel("First name").inputValue(), "");
    assert.equal(await empty.getByLabel("Email").getAttribute("type"), "email");
    await empty.getByRole("button", { name: "Add Beneficiary" }).click();
    for (const message of ["First name is required", "Last name is required", "Valid email is required"]) {
      await empty.getByText(message).waitFor();
    }
    await empty.getByText("Relationship is required").waitFor();
    await page.keyboard.press("Escape");
    await empty.waitFor({ state: "detached" });

    // add, then edit
    const added = await addThroughDialog(page, "Add Your First Beneficiary", {
      firstName: "Kwame",
      lastName: "Ɔsɛi",
      email: kwameEmail,
      relationship: "sibling",
    });
    await notice(page, "Beneficiary Added");
    await added.waitFor({ state: "detached" });
    await page.getByRole("rowheader", { name: /Kwame Ɔsɛi/ }).waitFor();

    await checkDialogKeyboard(page, page.getByRole("button", { name: "Edit Kwame Ɔsɛi" }), "Edit Beneficiary", {
      key: "Space",
    });
    await page.getByRole("button", { name: "Edit Kwame Ɔsɛi" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Beneficiary" });
    assert.equal(await edit.getByLabel("First name").inputValue(), "Kwame");
    assert.equal(await edit.getByLabel("Relationship").inputValue(), "sibling");
    await edit.getByLabel("Last name").fill("Ɔsɛi-Bonsu");
    await edit.getByLabel("Relationship").selectOption("friend");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await notice(page, "Beneficiary Updated");
    await page.getByRole("rowheader", { name: /Kwame Ɔsɛi-Bonsu/ }).waitFor();
    await page.getByRole("cell", { name: "Friend" }).waitFor();

    // markup in a name is shown as text and never runs
    await addThroughDialog(page, "Add Beneficiary", {
      firstName: XSS_NAME,
      lastName: "Test",
      email: `xss.${stamp}@example.com`,
      relationship: "other",
    });
    await notice(page, "Beneficiary Added");
    await page.getByRole("rowheader", { name: /onerror/ }).waitFor();
    await page.getByText(XSS_NAME, { exact: false }).first().waitFor();
    assert.equal(await page.locator("table img").count(), 0);
    assert.equal(await page.evaluate(() => Object.hasOwn(window, "__xss")), false);

    // search by relationship, then by e-mail
    const search = page.getByLabel("Search beneficiaries");
    await search.fill("friend");
    await page.getByRole("rowheader", { name: /onerror/ }).waitFor({ state: "detached" });
    assert.equal(await page.getByRole("row").count(), 2); // header + Kwame
    await search.fill("nobody-matches-this");
    await page.getByText("No beneficiary matches").waitFor();
    await search.fill("");
    await page.getByRole("rowheader", { name: /onerror/ }).waitFor();
    await shot("beneficiaries");

    // Yaa has not confirmed her own address: the beneficiaries' links wait, the screen says so and offers a new
    // confirmation link; once she confirms, the waiting links leave
    await page.getByText("Waiting until you confirm your e-mail address", { exact: true }).first().waitFor();
    assert.equal(outboxCount(server.dataDir, kwameEmail, "verify-beneficiary"), 0);
    assert.equal(await page.getByRole("button", { name: /Resend verification e-mail to Kwame/ }).count(), 0);
    await page.getByRole("button", { name: "Resend my confirmation e-mail" }).click();
    await notice(page, "Confirmation E-mail Sent");
    await shot("beneficiaries-waiting-for-owner");
    // the newest link is the one that works: wait for the resent one (the worker writes it a moment later)
    for (let i = 0; i < 50 && outboxCount(server.dataDir, yaaEmail, "verify-email") < 2; i += 1) {
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(outboxCount(server.dataDir, yaaEmail, "verify-email"), 2);
    const ownToken = await outboxToken(server.dataDir, yaaEmail, "verify-email");
    await page.goto(`${baseUrl}/verify-email/${ownToken}`);
    await page.getByText("Thank you. Your e-mail address is verified.").waitFor();
    await page.goto(`${baseUrl}/beneficiaries`);
    await page.getByRole("rowheader", { name: /Kwame Ɔsɛi-Bonsu/ }).waitFor();
    assert.equal(await page.getByText("Waiting until you confirm your e-mail address").count(), 0);

    // the beneficiary's own link: confirm once, then it is used up; a made-up link is refused
    const token = await outboxToken(server.dataDir, kwameEmail, "verify-beneficiary");
    const outsider = await browser.newContext();
    const visitor = await outsider.newPage();
    await visitor.goto(`${baseUrl}/verify-beneficiary/${token}`);
    await visitor.getByText("Yaa", { exact: true }).first().waitFor();
    await visitor.getByRole("button", { name: "Confirm" }).click();
    await visitor.getByText("You're verified").waitFor();
    await visitor.reload();
    await visitor.getByText("This link has already been used.").waitFor();
    await visitor.goto(`${baseUrl}/verify-beneficiary/not-a-real-token-${stamp}`);
    await visitor.getByText("This verification link is invalid or has expired.").waitFor();
    await outsider.close();
    await page.reload();
    const kwameRow = page.getByRole("row", { name: /Kwame/ });
    await kwameRow.locator("td").getByText("Verified", { exact: true }).waitFor();
    assert.equal(await kwameRow.getByRole("button", { name: /Resend/ }).count(), 0);

    // the freemium limit (3): the fourth is refused with the upgrade message and a way to the plans
    const third = await page.request.post(`${baseUrl}/api/beneficiaries`, {
      data: { firstName: "Efua", lastName: "Mensah", email: `efua.${stamp}@example.com`, relationship: "child" },
    });
    assert.equal(third.status(), 201);
    await page.reload();
    const limited = await addThroughDialog(page, "Add Beneficiary", {
      firstName: "Kofi",
      lastName: "Boateng",
      email: `kofi.${stamp}@example.com`,
      relationship: "parent",
    });
    await notice(page, "Failed to Add Beneficiary");
    await page
      .getByText(/^402: /)
      .first()
      .waitFor();
    assert.equal(await limited.getByRole("link", { name: "See plans and upgrade" }).getAttribute("href"), "/pricing");
    await limited.getByRole("button", { name: "Cancel" }).click();
    await limited.waitFor({ state: "detached" });

    // delete goes through the confirmation dialog
    await checkDialogKeyboard(page, page.getByRole("button", { name: "Add Beneficiary" }), "Add Beneficiary");
    await checkDialogKeyboard(
      page,
      page.getByRole("button", { name: `Delete ${XSS_NAME} Test` }),
      "Delete this beneficiary?",
      { role: "alertdialog" },
    );
    await page.getByRole("button", { name: `Delete ${XSS_NAME} Test` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this beneficiary?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await notice(page, "Beneficiary Deleted");
    await page.getByRole("rowheader", { name: /onerror/ }).waitFor({ state: "detached" });

    // the will: validation, a first version, a second version, history and the line diff
    await page.goto(`${baseUrl}/digital-will`);
    await page.getByRole("heading", { level: 1, name: "Digital Will" }).waitFor();
    await page.getByText("No will yet").waitFor();
    await page.getByRole("button", { name: "Save & Activate Will" }).click();
    await page.getByText("Title is required").waitFor();
    await page.getByText("Content must be at least 10 characters").waitFor();
    await page.getByLabel("Title").fill("Last Will of Yaa Asantewaa");
    await page
      .getByLabel("Content")
      .fill("I leave my house in Kumasi to Kwame Ɔsɛi-Bonsu.\nMy books go to the library.\nBury me in Ejisu.");
    await page.getByRole("button", { name: "Save & Activate Will" }).click();
    await notice(page, "Digital Will Saved");
    await page.getByText("Current", { exact: true }).waitFor();
    assert.equal(await page.getByRole("heading", { name: "Will History" }).count(), 0);

    await page.getByLabel("Title").fill("Last Will of Yaa Asantewaa (2)");
    await page
      .getByLabel("Content")
      .fill("I leave my house in Kumasi to Kwame Ɔsɛi-Bonsu.\nMy farm goes to Efua Mensah.\nBury me in Ejisu.");
    await page.getByRole("button", { name: "Save & Activate Will" }).click();
    await notice(page, "Digital Will Saved");
    await page.getByRole("heading", { name: "Last Will of Yaa Asantewaa (2)" }).waitFor();
    await page.getByRole("heading", { name: "Will History" }).waitFor();
    const pdfHref = await page.getByRole("link", { name: "Download PDF" }).getAttribute("href");
    assert.ok(pdfHref);
    const pdf = await page.request.get(`${baseUrl}${pdfHref}`);
    assert.equal(pdf.status(), 200);
    assert.match(pdf.headers()["content-type"] ?? "", /application\/pdf/);

    await checkDialogKeyboard(page, page.getByRole("button", { name: "View version 1" }), /Version 1/);
    await page.getByRole("button", { name: "View version 1" }).click();
    const version = page.getByRole("dialog", { name: /Version 1/ });
    await version.getByText("My books go to the library.").waitFor();
    await version.getByRole("tab", { name: "Compare with current" }).click();
    const diff = version.getByRole("list", { name: /Changes from version 1/ });
    await diff.getByText("Removed: My books go to the library.").waitFor();
    await diff.getByText("Added: My farm goes to Efua Mensah.").waitFor();
    await version.getByText("1 line added, 1 line removed", { exact: false }).waitFor();
    await shot("digital-will");
    await page.keyboard.press("Escape");
    await version.waitFor({ state: "detached" });

    // the dashboard counts what was made above
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole("heading", { level: 1, name: "Welcome back, Yaa" }).waitFor();
    await page.getByText("You have 2 beneficiaries in your estate plan.").waitFor();
    const overview = page.getByRole("region", { name: "Overview" });
    await overview.getByText("of 10.0 MB").waitFor();
    assert.match(await overview.innerText(), /Beneficiaries\s+2/);
    await page.getByRole("rowheader", { name: /Kwame Ɔsɛi-Bonsu/ }).waitFor();
    await page.getByText("No assets yet", { exact: false }).waitFor();
    await page.getByRole("heading", { name: "Free Plan" }).waitFor();
    await shot("dashboard");
    await checkDialogKeyboard(page, page.getByRole("button", { name: "Add Assets" }), "Upload Digital Assets");
    await checkDialogKeyboard(page, page.getByRole("button", { name: "Upload Assets" }), "Upload Digital Assets");
    await checkDialogKeyboard(page, page.getByRole("button", { name: "Edit Kwame Ɔsɛi-Bonsu" }), "Edit Beneficiary");
  },
};
