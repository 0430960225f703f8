import assert from "node:assert/strict";
import { outboxToken } from "../outbox";
import { registerClient } from "../register";
import type { Flow } from "../run";

const PASSWORD = "Kente-Cloth-2026";

/**
 * Passkeys (issue 15): register one in settings, sign out, and sign in with it alone, in Chromium with a virtual
 * authenticator from the DevTools protocol's WebAuthn domain (a platform authenticator with resident keys and user
 * verification, its "user" always present and verified).
 */
export const passkeysFlow: Flow = {
  name: "passkeys: register one in settings, sign out, sign in with it",
  async run({ page, context, baseUrl, server, shot }) {
    const email = `akosua.${Date.now()}@example.com`;
    await registerClient(page, baseUrl, { email, password: PASSWORD, firstName: "Akosua", lastName: "Boateng" });
    // only an owner who proved the address may add a passkey
    await page.goto(`${baseUrl}/verify-email/${await outboxToken(server.dataDir, email, "verify-email")}`);
    await page.getByText("Thank you. Your e-mail address is verified.").waitFor();

    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await page.goto(`${baseUrl}/settings?section=passkeys`);
    await page.getByRole("heading", { name: "Passkeys" }).waitFor();
    await page.getByText("No passkeys yet.").waitFor();
    await page.getByRole("button", { name: "Add a Passkey" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a passkey" });
    await dialog.getByLabel("Name", { exact: true }).fill("This laptop");
    await shot("settings-passkey-add");
    await dialog.getByRole("button", { name: "Create Passkey" }).click();
    await page.getByText("Passkey added", { exact: true }).first().waitFor();
    const list = page.getByRole("list", { name: "Your passkeys" });
    await list.getByText("This laptop", { exact: true }).waitFor();
    assert.match(await list.innerText(), /never used/);
    await shot("settings-passkeys");

    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    assert.equal(credentials.length, 1);
    assert.equal(credentials[0].isResidentCredential, true, "a discoverable credential, to sign in without a name");

    const signedOut = await page.request.post(`${baseUrl}/api/logout`);
    assert.equal(signedOut.status(), 200);
    await page.goto(`${baseUrl}/auth`);
    const button = page.getByRole("button", { name: "Sign in with a passkey" });
    await button.waitFor();
    assert.equal((await page.request.get(`${baseUrl}/api/user`)).status(), 401);
    await shot("auth-passkey");
    await button.click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText("Welcome back, Akosua").waitFor();
    const me = await page.request.get(`${baseUrl}/api/user`);
    assert.equal(me.status(), 200);
    assert.equal(((await me.json()) as { email: string }).email, email);

    await page.goto(`${baseUrl}/settings?section=passkeys`);
    await list.getByText(/last used/).waitFor();
    await shot("settings-passkeys-used");
    const after = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    assert.ok(after.credentials[0].signCount >= 1, "the authenticator counted the sign-in");
  },
};
