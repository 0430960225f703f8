import assert from "node:assert/strict";
import type { Page } from "playwright-core";

/** The address the e2e server lists in ADMIN_EMAILS: once verified, it may take the admin role (death verification flow). */
export const E2E_LISTED_ADMIN = "ama.reviewer@heirloom.example";

export type SignUpFields = { email: string; password: string; firstName: string; lastName: string };

/**
 * Registers a client through the API on the page's cookie jar and records the Client role choice, as the role
 * selection screen would (issue 15): the flow then starts where a returning client does, not on /onboarding. The
 * screen itself is driven by the foundation and onboarding flows.
 */
export async function registerClient(page: Page, baseUrl: string, fields: SignUpFields): Promise<void> {
  const registered = await page.request.post(`${baseUrl}/api/register`, { data: fields });
  assert.equal(registered.status(), 201, await registered.text());
  const chosen = await page.request.post(`${baseUrl}/api/user/onboarding`, { data: { role: "client" } });
  assert.equal(chosen.status(), 200, await chosen.text());
}
