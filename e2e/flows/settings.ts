import assert from "node:assert/strict";
import { registerClient } from "../register";
import type { Flow } from "../run";

const PASSWORD = "Kente-Cloth-2026";
const NEW_PASSWORD = "Adinkra-Symbol-2027";

/**
 * Settings (issue 15): a session signed out from another browser context is signed out there; the password changes
 * through the form; the account is deleted through the typed confirmation.
 */
export const settingsFlow: Flow = {
  name: "settings: sign out another browser, change the password, delete the account",
  async run({ page, baseUrl, browser, shot }) {
    const email = `yaa.${Date.now()}@example.com`;
    await registerClient(page, baseUrl, { email, password: PASSWORD, firstName: "Yaa", lastName: "Asantewaa" });

    const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const phone = await other.newPage();
      const signedIn = await phone.request.post(`${baseUrl}/api/login`, { data: { email, password: PASSWORD } });
      assert.equal(signedIn.status(), 200);
      await phone.goto(`${baseUrl}/dashboard`);
      await phone.getByRole("heading", { level: 1 }).first().waitFor();

      await page.goto(`${baseUrl}/settings`);
      await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
      const list = page.getByRole("list", { name: "Active sessions" });
      await list.getByRole("listitem").nth(1).waitFor();
      await shot("settings");
      await list.getByRole("button", { name: /^Sign out (?!.*this device)/ }).click();
      await list.getByRole("listitem").nth(1).waitFor({ state: "detached" });

      await phone.reload();
      await phone.waitForURL(/\/auth/, { timeout: 10_000 });
    } finally {
      await other.close();
    }

    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change Password" }).click();
    await page.getByText("Password Changed", { exact: true }).first().waitFor();

    await page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    await dialog.getByLabel("Password").fill(NEW_PASSWORD);
    await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
    await shot("settings-delete-account");
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await page.getByText("Account Deleted", { exact: true }).first().waitFor();
    const me = await page.request.get(`${baseUrl}/api/user`);
    assert.equal(me.status(), 401);
    const login = await page.request.post(`${baseUrl}/api/login`, { data: { email, password: NEW_PASSWORD } });
    assert.equal(login.status(), 401);
  },
};
