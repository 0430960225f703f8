import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { PASSKEY_MESSAGES, type PasskeySummary } from "@shared/validators/passkeys";
import { AddPasskeyDialog } from "@/features/settings/components/add-passkey-dialog";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

// The browser's WebAuthn dialog is the one thing jsdom cannot do; everything up to and after it runs for real.
const webauthn = vi.hoisted(() => ({ startRegistration: vi.fn() }));
vi.mock("@simplewebauthn/browser", () => ({
  browserSupportsWebAuthn: () => true,
  startRegistration: webauthn.startRegistration,
  startAuthentication: vi.fn(),
}));

afterEach(() => vi.clearAllMocks());

const PHONE: PasskeySummary = { id: 3, name: "Phone", createdAt: "2026-11-20T09:00:00.000Z", lastUsedAt: null };
const OPTIONS = { challenge: "c2VydmVyLWNoYWxsZW5nZQ", rp: { id: "localhost", name: "Heirloom" } };
const ANSWER = { id: "Y3JlZA", rawId: "Y3JlZA", type: "public-key", response: {}, clientExtensionResults: {} };

function renderDialog() {
  const onOpenChange = vi.fn();
  return { ...renderWithApp(<AddPasskeyDialog open onOpenChange={onOpenChange} />), onOpenChange };
}

describe("AddPasskeyDialog", () => {
  it("requires a name and asks the server for nothing without one", async () => {
    const options = vi.fn();
    server.use(http.post("/api/user/passkeys/options", options));
    const { user } = renderDialog();
    await user.click(screen.getByRole("button", { name: "Create Passkey" }));
    expect(await screen.findByLabelText("Name")).toHaveAccessibleDescription(
      expect.stringContaining(PASSKEY_MESSAGES.name),
    );
    expect(options).not.toHaveBeenCalled();
  });

  it("says it is waiting for the device while the passkey is made, then reports it and closes", async () => {
    const { reply, release } = heldReply();
    webauthn.startRegistration.mockResolvedValue(ANSWER);
    server.use(
      http.post("/api/user/passkeys/options", () => HttpResponse.json(OPTIONS)),
      http.post("/api/user/passkeys", () => reply),
    );
    const { user, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText("Name"), "Phone");
    await user.click(screen.getByRole("button", { name: "Create Passkey" }));

    expect(await screen.findByRole("button", { name: "Waiting for your device..." })).toBeDisabled();
    expect(screen.getByLabelText("Name")).toBeDisabled();
    release(HttpResponse.json(PHONE, { status: 201 }));
    expect(await screen.findByText("Passkey added")).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("puts the server's refusal under the name and stays open", async () => {
    webauthn.startRegistration.mockResolvedValue(ANSWER);
    server.use(
      http.post("/api/user/passkeys/options", () => HttpResponse.json(OPTIONS)),
      http.post("/api/user/passkeys", () => apiError(400, PASSKEY_MESSAGES.alreadyRegistered)),
    );
    const { user, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText("Name"), "Phone");
    await user.click(screen.getByRole("button", { name: "Create Passkey" }));
    expect(await screen.findByLabelText("Name")).toHaveAccessibleDescription(
      expect.stringContaining(PASSKEY_MESSAGES.alreadyRegistered),
    );
    expect(screen.getByRole("dialog", { name: "Add a passkey" })).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
