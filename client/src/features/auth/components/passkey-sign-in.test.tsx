import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { PASSKEY_MESSAGES } from "@shared/validators/passkeys";
import { LoginForm } from "@/features/auth/components/login-form";
import { TEST_USER } from "@/testing/mocks/data";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

// The browser's WebAuthn dialog is the one thing jsdom cannot do; everything up to and after it runs for real.
const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock("@simplewebauthn/browser", () => ({ startAuthentication: webauthn.startAuthentication }));

afterEach(() => vi.clearAllMocks());

const OPTIONS = { challenge: "c2VydmVyLWNoYWxsZW5nZQ", rpId: "localhost", allowCredentials: [] };
const ANSWER = { id: "Y3JlZA", rawId: "Y3JlZA", type: "public-key", response: {}, clientExtensionResults: {} };
const SIGNED_OUT = http.get("/api/user", () => HttpResponse.json({ message: "Unauthorized" }, { status: 401 }));

describe("Sign in with a passkey", () => {
  it("asks the browser with the server's options and signs in with its answer", async () => {
    let body: unknown;
    webauthn.startAuthentication.mockResolvedValue(ANSWER);
    server.use(
      SIGNED_OUT,
      http.post("/api/login/passkey/options", () => HttpResponse.json(OPTIONS)),
      http.post("/api/login/passkey", async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...TEST_USER, passkeyCount: 1 });
      }),
    );
    const onSuccess = vi.fn();
    const { user } = renderWithApp(<LoginForm onSuccess={onSuccess} />);
    await user.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));

    expect(await screen.findByText("Welcome back!")).toBeInTheDocument();
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(body).toEqual({ response: ANSWER });
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ id: TEST_USER.id }));
  });

  it("says why when the server refuses the passkey", async () => {
    webauthn.startAuthentication.mockResolvedValue(ANSWER);
    server.use(
      SIGNED_OUT,
      http.post("/api/login/passkey/options", () => HttpResponse.json(OPTIONS)),
      http.post("/api/login/passkey", () => apiError(401, PASSKEY_MESSAGES.notVerified)),
    );
    const { user } = renderWithApp(<LoginForm />);
    await user.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    expect(await screen.findByText(PASSKEY_MESSAGES.notVerified)).toBeInTheDocument();
    expect(screen.queryByText("Welcome back!")).not.toBeInTheDocument();
  });

  it("offers only the passkey as the second step when the server names no app code", async () => {
    let completed = false;
    webauthn.startAuthentication.mockResolvedValue(ANSWER);
    server.use(
      SIGNED_OUT,
      http.post("/api/login", () => HttpResponse.json({ twoFactorRequired: true, methods: ["passkey"] })),
      http.post("/api/login/2fa/passkey/options", () => HttpResponse.json(OPTIONS)),
      http.post("/api/login/2fa/passkey", () => {
        completed = true;
        return HttpResponse.json({ ...TEST_USER, userType: "agent", passkeyCount: 1 });
      }),
    );
    const { user } = renderWithApp(<LoginForm />);
    await user.type(await screen.findByLabelText("Email"), "ama.mensah@example.com");
    await user.type(screen.getByLabelText("Password"), "Kente-Cloth-2026");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByText("Confirm it is you with one of your passkeys.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Authentication code")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Use a passkey" }));
    expect(await screen.findByText("Welcome back!")).toBeInTheDocument();
    expect(completed).toBe(true);
  });
});
