import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { PASSKEY_MESSAGES, type PasskeySummary } from "@shared/validators/passkeys";
import { RenamePasskeyDialog } from "@/features/settings/components/rename-passkey-dialog";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const URL = "/api/user/passkeys/3";
const PHONE: PasskeySummary = { id: 3, name: "Phone", createdAt: "2026-11-20T09:00:00.000Z", lastUsedAt: null };

function renderDialog() {
  const onOpenChange = vi.fn();
  return { ...renderWithApp(<RenamePasskeyDialog passkey={PHONE} onOpenChange={onOpenChange} />), onOpenChange };
}

describe("RenamePasskeyDialog", () => {
  it("starts from the current name and requires one, sending nothing without it", async () => {
    const patched = vi.fn();
    server.use(http.patch(URL, patched));
    const { user } = renderDialog();
    const name = screen.getByLabelText("Name");
    expect(name).toHaveValue("Phone");
    await user.clear(name);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByLabelText("Name")).toHaveAccessibleDescription(
      expect.stringContaining(PASSKEY_MESSAGES.name),
    );
    expect(patched).not.toHaveBeenCalled();
  });

  it("says Saving... while the name is sent, then reports it and closes", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.patch(URL, async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user, onOpenChange } = renderDialog();
    await user.clear(screen.getByLabelText("Name"));
    await user.type(screen.getByLabelText("Name"), "Old phone");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
    expect(screen.getByLabelText("Name")).toBeDisabled();
    release(HttpResponse.json({ ...PHONE, name: "Old phone" }));
    expect(await screen.findByText("Passkey renamed")).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(body).toEqual({ name: "Old phone" });
  });

  it("shows the server's refusal under the name and stays open", async () => {
    server.use(http.patch(URL, () => apiError(404, "Not found")));
    const { user, onOpenChange } = renderDialog();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByLabelText("Name")).toHaveAccessibleDescription(expect.stringContaining("Not found"));
    expect(screen.getByRole("dialog", { name: "Rename passkey" })).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("closes on Cancel without sending", async () => {
    const patched = vi.fn();
    server.use(http.patch(URL, patched));
    const { user, onOpenChange } = renderDialog();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(patched).not.toHaveBeenCalled();
  });
});
