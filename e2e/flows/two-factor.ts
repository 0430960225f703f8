import assert from "node:assert/strict";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import type { Flow } from "../run";
import { outboxToken } from "../outbox";
import { registerClient } from "../register";

const PASSWORD = "Kente-Cloth-2026";
const PERIOD_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / PERIOD_MS);

/** The code an authenticator app shows for `secret` at time step `step` (the same library as the server). */
const codeAt = (secret: string, step: number) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);

/**
 * Two-factor sign-in (issue 15): set it up in settings by the key shown beside the QR code, save the recovery codes,
 * sign out, and sign in again with the password and then a code computed here as the phone would.
 */
export const twoFactorFlow: Flow = {
  name: "two-factor: set up TOTP in settings, sign in with a code",
  async run({ page, baseUrl, server, shot }) {
    const email = `kwabena.${Date.now()}@example.com`;
    await registerClient(page, baseUrl, { email, password: PASSWORD, firstName: "Kwabena", lastName: "Owusu" });
    // only an owner who proved the address may set it up
    await page.goto(`${baseUrl}/verify-email/${await outboxToken(server.dataDir, email, "verify-email")}`);
    await page.getByText("Thank you. Your e-mail address is verified.").waitFor();

    await page.goto(`${baseUrl}/settings?section=two-factor`);
    await page.getByRole("heading", { name: "Two-factor sign-in" }).waitFor();
    await page.getByRole("button", { name: "Set Up Two-Factor Sign-In" }).click();
    const dialog = page.getByRole("dialog", { name: "Set up two-factor sign-in" });
    await dialog.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    const secret = (await dialog.getByLabel("Key for manual entry").innerText()).replace(/\s+/g, "");
    assert.match(secret, /^[A-Z2-7]{32}$/);
    await shot("settings-two-factor-setup");

    const enabledStep = stepNow();
    await dialog.getByLabel("Code from the app").fill(codeAt(secret, enabledStep));
    await dialog.getByRole("button", { name: "Turn On" }).click();
    const codes = dialog.getByRole("list", { name: "Recovery codes" });
    await codes.getByRole("listitem").nth(9).waitFor();
    await shot("settings-two-factor-recovery-codes");
    await dialog.getByRole("button", { name: "Done" }).click();
    await page.getByText("Signing in asks for a code from your authenticator app").waitFor();

    const signedOut = await page.request.post(`${baseUrl}/api/logout`);
    assert.equal(signedOut.status(), 200);
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel("Email").first().fill(email);
    await page.getByLabel("Password").first().fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const second = page.getByRole("form", { name: "Two-factor sign-in" });
    await second.waitFor();
    const me = await page.request.get(`${baseUrl}/api/user`);
    assert.equal(me.status(), 401, "nobody is signed in before the second step");
    await shot("auth-two-factor");

    // the set-up's code was spent: the next step's code is accepted at once (the server allows one step of drift)
    await second.getByLabel("Authentication code").fill(codeAt(secret, Math.max(enabledStep + 1, stepNow())));
    await second.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText("Welcome back, Kwabena").waitFor();
    const after = await page.request.get(`${baseUrl}/api/user`);
    assert.equal(after.status(), 200);
    assert.equal(((await after.json()) as { twoFactorEnabled: boolean }).twoFactorEnabled, true);
  },
};
