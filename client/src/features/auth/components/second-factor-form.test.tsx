import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { SecondStepMethod } from "@shared/second-factor";
import { TWO_FACTOR_MESSAGES } from "@shared/validators/two-factor";
import { SecondFactorForm } from "@/features/auth/components/second-factor-form";
import { TEST_USER } from "@/testing/mocks/data";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const SIGNED_IN = { ...TEST_USER, twoFactorEnabled: true };

function renderForm(methods?: SecondStepMethod[]) {
  const onSuccess = vi.fn();
  const onRestart = vi.fn();
  const rendered = renderWithApp(<SecondFactorForm onSuccess={onSuccess} onRestart={onRestart} methods={methods} />);
  return { ...rendered, onSuccess, onRestart };
}

describe("SecondFactorForm", () => {
  it("says Verifying... while the app's code is checked, then signs in with the user the server answered", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.post("/api/login/2fa", async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user, onSuccess } = renderForm(["totp"]);

    expect(screen.getByText("Enter the 6-digit code your authenticator app shows for Heirloom.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Authentication code"), "123 456");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    expect(await screen.findByRole("button", { name: "Verifying..." })).toBeDisabled();
    expect(screen.getByLabelText("Authentication code")).toBeDisabled();
    expect(onSuccess).not.toHaveBeenCalled();
    release(HttpResponse.json(SIGNED_IN));

    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledExactlyOnceWith(SIGNED_IN));
    expect(body).toEqual({ code: "123456" });
  });

  it("switches to a recovery code, checks its shape, and puts a wrong one's answer under the field", async () => {
    const sent = vi.fn<(body: unknown) => void>();
    server.use(
      http.post("/api/login/2fa", async ({ request }) => {
        sent(await request.json());
        return apiError(401, TWO_FACTOR_MESSAGES.wrongCode);
      }),
    );
    const { user, onSuccess } = renderForm(["totp"]);

    await user.click(screen.getByRole("button", { name: "Use a recovery code instead" }));
    expect(
      screen.getByText(
        "Enter one of the recovery codes you saved when you turned two-factor sign-in on. Each works once.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("Authentication code")).not.toBeInTheDocument();

    await user.type(screen.getByLabelText("Recovery code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByLabelText("Recovery code")).toHaveAccessibleDescription(
      "Enter one of your recovery codes",
    );
    expect(sent).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText("Recovery code"));
    await user.type(screen.getByLabelText("Recovery code"), "ABCDE-FGHIJ");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText("Recovery code")).toHaveAccessibleDescription(
        "The code is not correct, or it was already used.",
      ),
    );
    expect(sent).toHaveBeenCalledExactlyOnceWith({ recoveryCode: "abcdefghij" });
    expect(onSuccess).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Use the code from my app" }));
    expect(screen.getByLabelText("Authentication code")).toHaveValue("");
    expect(screen.getByLabelText("Authentication code")).not.toHaveAccessibleDescription();
  });

  it("shows the code rule under the field and sends nothing for a short code", async () => {
    const sent = vi.fn();
    server.use(http.post("/api/login/2fa", sent));
    const { user } = renderForm(["totp"]);

    await user.type(screen.getByLabelText("Authentication code"), "12345");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    expect(await screen.findByLabelText("Authentication code")).toHaveAccessibleDescription(
      "Enter the 6-digit code from your authenticator app",
    );
    expect(sent).not.toHaveBeenCalled();
  });

  it("puts a too-many-attempts answer under the field", async () => {
    server.use(http.post("/api/login/2fa", () => apiError(429, "Too many attempts. Please try again later.")));
    const { user, onRestart } = renderForm(["totp"]);

    await user.type(screen.getByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    expect(await screen.findByLabelText("Authentication code")).toHaveAccessibleDescription(
      "Too many attempts. Please try again later.",
    );
    expect(onRestart).not.toHaveBeenCalled();
  });

  it("offers only a passkey when that is the account's one second step, and goes back on request", async () => {
    const { user, onRestart } = renderForm(["passkey"]);

    expect(screen.getByText("Confirm it is you with one of your passkeys.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Use a passkey" })).toBeEnabled();
    expect(screen.queryByRole("form", { name: "Two-factor sign-in" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Use a recovery code instead" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Back to sign in" }));
    expect(onRestart).toHaveBeenCalledTimes(1);
  });
});
