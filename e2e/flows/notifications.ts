import assert from "node:assert/strict";
import { registerClient } from "../register";
import type { Flow } from "../run";

/** The header bell (unread count, list, Mark all as read) and the Activity screen, on what an export leaves behind. */
export const notificationsFlow: Flow = {
  name: "notifications: header bell and Activity screen",
  async run({ page, baseUrl, shot }) {
    const email = `abena.${Date.now()}@example.com`;
    await registerClient(page, baseUrl, { email, password: "Kente-Cloth-2026", firstName: "Abena", lastName: "Owusu" });
    const exported = await page.request.get(`${baseUrl}/api/export/backup?format=json`);
    assert.equal(exported.status(), 200);

    await page.goto(`${baseUrl}/dashboard`);
    const unreadBell = page.getByRole("button", { name: "Notifications, 2 unread" });
    await unreadBell.click();
    const menu = page.getByRole("menu");
    await menu.getByRole("menuitem", { name: /Your Heirloom data was exported/ }).waitFor();
    await menu.getByRole("menuitem", { name: /Confirm your e-mail address/ }).waitFor();
    await menu.getByText("just now").first().waitFor();
    await shot("notifications-bell");

    await menu.getByRole("menuitem", { name: "Mark all as read" }).click();
    await page.getByRole("button", { name: "Notifications", exact: true }).waitFor();
    await menu.getByRole("menuitem", { name: "See all activity" }).click();
    await page.getByRole("heading", { level: 1, name: "Activity" }).waitFor();
    await page.getByRole("list", { name: "Activity" }).getByText("You exported your data (JSON)").waitFor();
    assert.equal(
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Activity" })
        .getAttribute("aria-current"),
      "page",
    );
    await shot("activity");
  },
};
