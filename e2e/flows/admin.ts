import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import type { Flow } from "../run";
import { outboxToken } from "../outbox";
import { registerClient } from "../register";

const PASSWORD = "Kente-Cloth-2026";
const codeNow = (secret: string) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000)), 6);

/**
 * The admin console (issue 18): the first admin takes the set-up token, turns two-factor sign-in on, finds a user by
 * e-mail in User Management and suspends them while that user is signed in in another browser: the user's next
 * request signs them out.
 */
export const adminFlow: Flow = {
  name: "admin: suspend a user who is signed in in another browser",
  async run({ page, baseUrl, server, browser, shot }) {
    const stamp = Date.now();
    const victimEmail = `esi.${stamp}@example.com`;
    const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const victim = await other.newPage();
      await registerClient(victim, baseUrl, {
        email: victimEmail,
        password: PASSWORD,
        firstName: "Esi",
        lastName: "Mensah",
      });
      await victim.goto(`${baseUrl}/dashboard`);
      await victim.getByText("Welcome back, Esi").waitFor();

      const adminEmail = `kofi.admin.${stamp}@example.com`;
      await registerClient(page, baseUrl, {
        email: adminEmail,
        password: PASSWORD,
        firstName: "Kofi",
        lastName: "Admin",
      });
      const token = await outboxToken(server.dataDir, adminEmail, "verify-email");
      assert.equal((await page.request.post(`${baseUrl}/api/auth/verify-email`, { data: { token } })).status(), 200);
      const setupToken = fs.readFileSync(path.join(server.dataDir, "setup-token"), "utf8").trim();
      const promoted = await page.request.post(`${baseUrl}/api/auth/promote-admin`, { data: { setupToken } });
      assert.equal(promoted.status(), 200, await promoted.text());
      const setup = await page.request.post(`${baseUrl}/api/2fa/totp/setup`);
      const { secret } = (await setup.json()) as { secret: string };
      const enabled = await page.request.post(`${baseUrl}/api/2fa/totp/enable`, { data: { code: codeNow(secret) } });
      assert.equal(enabled.status(), 200, await enabled.text());

      await page.goto(`${baseUrl}/admin-dashboard`);
      await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
      await page.getByText("Total Users").waitFor();
      await page.getByLabel("Search users").fill(victimEmail);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.getByText("Showing 1–1 of 1").waitFor();
      await shot("admin-dashboard-users");
      await page.getByRole("button", { name: `Suspend ${victimEmail}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Suspend", exact: true }).click();
      await page.getByText("User Status Updated").first().waitFor();
      await page.getByRole("button", { name: `Reactivate ${victimEmail}` }).waitFor();

      await victim.reload();
      await victim.waitForURL(/\/auth/, { timeout: 10_000 });
      assert.equal((await victim.request.get(`${baseUrl}/api/user`)).status(), 401);
      const again = await victim.request.post(`${baseUrl}/api/login`, {
        data: { email: victimEmail, password: PASSWORD },
      });
      assert.equal(again.status(), 403);
    } finally {
      await other.close();
    }
  },
};
