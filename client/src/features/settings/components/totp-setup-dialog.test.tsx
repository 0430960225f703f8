import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { REAUTH_REQUIRED_MESSAGE } from "@shared/validators/auth";
import { TWO_FACTOR_MESSAGES } from "@shared/validators/two-factor";
import { TwoFactorSection } from "@/features/settings/components/two-factor-section";
import { TEST_USER } from "@/testing/mocks/data";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const SETUP = { otpauthUrl: `otpauth://totp/Heirloom:ama?secret=${SECRET}&issuer=Heirloom`, secret: SECRET };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${String.fromCharCode(97 + i)}-fghij`);

afterEach(() => vi.restoreAllMocks());

async function openSetup(user: ReturnType<typeof renderWithApp>["user"]) {
  await user.click(screen.getByRole("button", { name: "Set Up Two-Factor Sign-In" }));
  return screen.findByRole("dialog", { name: "Set up two-factor sign-in" });
}

describe("TotpSetupDialog", () => {
  it("is not offered until the e-mail address is confirmed: the section says to confirm it first", () => {
    renderWithApp(<TwoFactorSection user={{ ...TEST_USER, emailVerified: false }} />);
    expect(screen.queryByRole("button", { name: "Set Up Two-Factor Sign-In" })).not.toBeInTheDocument();
    expect(screen.getByText(/Confirm your e-mail address first/)).toBeInTheDocument();
  });

  it("shows the QR code and the key, turns it on with the code, then the ten recovery codes with copy and download", async () => {
    let enabledWith: unknown;
    server.use(
      http.post("/api/2fa/totp/setup", () => HttpResponse.json(SETUP)),
      http.post("/api/2fa/totp/enable", async ({ request }) => {
        enabledWith = await request.json();
        return HttpResponse.json({ recoveryCodes: CODES });
      }),
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => "blob:codes");
    URL.revokeObjectURL = vi.fn();
    const { user } = renderWithApp(<TwoFactorSection user={TEST_USER} />);

    const dialog = await openSetup(user);
    expect(await within(dialog).findByRole("img", { name: "QR code for your authenticator app" })).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Key for manual entry")).toHaveTextContent("JBSW Y3DP EHPK 3PXP");
    await user.type(within(dialog).getByLabelText("Code from the app"), "123456");
    await user.click(within(dialog).getByRole("button", { name: "Turn On" }));

    const list = await within(dialog).findByRole("list", { name: "Recovery codes" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(enabledWith).toEqual({ code: "123456" });

    await user.click(within(dialog).getByRole("button", { name: "Copy Codes" }));
    expect(await navigator.clipboard.readText()).toContain(CODES[9]);
    await user.click(within(dialog).getByRole("button", { name: "Download Codes" }));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe("heirloom-recovery-codes.txt");

    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows a wrong code under its field and stays on the scan step", async () => {
    server.use(
      http.post("/api/2fa/totp/setup", () => HttpResponse.json(SETUP)),
      http.post("/api/2fa/totp/enable", () =>
        apiError(400, TWO_FACTOR_MESSAGES.wrongCode, [{ path: "code", message: TWO_FACTOR_MESSAGES.wrongCode }]),
      ),
    );
    const { user } = renderWithApp(<TwoFactorSection user={TEST_USER} />);

    const dialog = await openSetup(user);
    await user.type(await within(dialog).findByLabelText("Code from the app"), "654321");
    await user.click(within(dialog).getByRole("button", { name: "Turn On" }));

    expect(await within(dialog).findByLabelText("Code from the app")).toHaveAccessibleDescription(
      TWO_FACTOR_MESSAGES.wrongCode,
    );
    expect(within(dialog).queryByRole("list", { name: "Recovery codes" })).not.toBeInTheDocument();
  });

  it("asks for the password first when the sign-in is older than 15 minutes, then starts the set-up", async () => {
    let setups = 0;
    const reauth = vi.fn(() => HttpResponse.json({ recentUntil: "2026-11-25T11:00:00.000Z" }));
    server.use(
      http.post("/api/2fa/totp/setup", () => {
        setups += 1;
        return setups === 1 ? apiError(401, REAUTH_REQUIRED_MESSAGE) : HttpResponse.json(SETUP);
      }),
      http.post("/api/user/reauth", reauth),
    );
    const { user } = renderWithApp(<TwoFactorSection user={TEST_USER} />);

    const dialog = await openSetup(user);
    const form = await within(dialog).findByRole("form", { name: "Confirm your password" });
    await user.type(within(form).getByLabelText("Password"), "Kente-Cloth-2026");
    await user.click(within(form).getByRole("button", { name: "Confirm Password" }));

    expect(await within(dialog).findByRole("img", { name: "QR code for your authenticator app" })).toBeInTheDocument();
    expect(reauth).toHaveBeenCalledTimes(1);
    expect(setups).toBe(2);
  });
});
