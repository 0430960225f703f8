import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { TWO_FACTOR_MESSAGES } from "@shared/validators/two-factor";
import { LoginForm } from "@/features/auth/components/login-form";
import { TEST_USER } from "@/testing/mocks/data";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

const SIGNED_IN = { ...TEST_USER, twoFactorEnabled: true };

/** Signed out, with an account whose two-factor sign-in is on. */
function renderSignedOut(onSecondStep: (body: unknown) => Response | Promise<Response>) {
  server.use(
    http.get("/api/user", () => HttpResponse.json({ message: "Unauthorized" }, { status: 401 })),
    http.post("/api/login", () => HttpResponse.json({ twoFactorRequired: true })),
    http.post("/api/login/2fa", async ({ request }) => onSecondStep(await request.json())),
  );
  const onSuccess = vi.fn();
  return { onSuccess, ...renderWithApp(<LoginForm onSuccess={onSuccess} />) };
}

async function passPasswordStep(user: ReturnType<typeof renderWithApp>["user"]) {
  await user.type(screen.getByLabelText("Email"), "ama.mensah@example.com");
  await user.type(screen.getByLabelText("Password"), "Kente-Cloth-2026");
  await user.click(screen.getByRole("button", { name: "Sign In" }));
  return screen.findByRole("form", { name: "Two-factor sign-in" });
}

describe("LoginForm with two-factor sign-in", () => {
  it("asks for the app's code after the password, sends it, and signs in", async () => {
    const sent = vi.fn();
    const { user, onSuccess } = renderSignedOut((body) => {
      sent(body);
      return HttpResponse.json(SIGNED_IN);
    });

    await passPasswordStep(user);
    expect(screen.queryByText("Welcome back!")).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Authentication code"), "123 456");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    expect(await screen.findByText("Welcome back!")).toBeInTheDocument();
    expect(sent).toHaveBeenCalledWith({ code: "123456" });
    expect(onSuccess).toHaveBeenCalledWith(SIGNED_IN);
  });

  it("checks the code's shape before sending, and shows a wrong code's answer under the field", async () => {
    const sent = vi.fn(() => apiError(401, TWO_FACTOR_MESSAGES.wrongCode));
    const { user } = renderSignedOut(sent);

    await passPasswordStep(user);
    await user.type(screen.getByLabelText("Authentication code"), "12");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByLabelText("Authentication code")).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.code);
    expect(sent).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText("Authentication code"), "3456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText("Authentication code")).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.wrongCode),
    );
  });

  it("takes a recovery code instead when asked", async () => {
    const sent = vi.fn();
    const { user } = renderSignedOut((body) => {
      sent(body);
      return HttpResponse.json(SIGNED_IN);
    });

    await passPasswordStep(user);
    await user.click(screen.getByRole("button", { name: "Use a recovery code instead" }));
    await user.type(screen.getByLabelText("Recovery code"), "ABCDE-FGHIJ");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    expect(await screen.findByText("Welcome back!")).toBeInTheDocument();
    expect(sent).toHaveBeenCalledWith({ recoveryCode: "abcdefghij" });
  });

  it("goes back to the password when the server has forgotten the first step", async () => {
    const { user } = renderSignedOut(() => apiError(401, TWO_FACTOR_MESSAGES.signInExpired));

    await passPasswordStep(user);
    await user.type(screen.getByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    expect(await screen.findByRole("form", { name: "Sign in" })).toBeInTheDocument();
    expect(screen.getByText("Please sign in again")).toBeInTheDocument();
  });
});
