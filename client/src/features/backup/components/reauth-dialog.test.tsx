import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { ReauthDialog } from "@/features/backup/components/reauth-dialog";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

function renderDialog() {
  const onOpenChange = vi.fn();
  const onConfirmed = vi.fn();
  const rendered = renderWithApp(<ReauthDialog open onOpenChange={onOpenChange} onConfirmed={onConfirmed} />);
  return { ...rendered, onOpenChange, onConfirmed };
}

describe("ReauthDialog", () => {
  it("asks for the password when none is typed and sends nothing", async () => {
    const posted = vi.fn();
    server.use(http.post("/api/user/reauth", posted));
    const { user, onConfirmed } = renderDialog();

    await user.click(screen.getByRole("button", { name: "Confirm and Download" }));

    expect(await screen.findByLabelText("Password")).toHaveAccessibleDescription("Enter your password");
    expect(posted).not.toHaveBeenCalled();
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  it("says Confirming... while the password is checked, sends it, then lets the export go ahead", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.post("/api/user/reauth", async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user, onConfirmed } = renderDialog();

    await user.type(screen.getByLabelText("Password"), "Kente-Cloth-2026");
    await user.click(screen.getByRole("button", { name: "Confirm and Download" }));

    expect(await screen.findByRole("button", { name: "Confirming..." })).toBeDisabled();
    expect(screen.getByLabelText("Password")).toBeDisabled();
    expect(onConfirmed).not.toHaveBeenCalled();
    release(HttpResponse.json({ recentUntil: "2026-11-25T11:00:00.000Z" }));

    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    expect(body).toEqual({ password: "Kente-Cloth-2026" });
    expect(screen.getByLabelText("Password")).toHaveValue("");
  });

  it("puts the server's wrong-password answer under Password and does not go ahead", async () => {
    server.use(http.post("/api/user/reauth", () => apiError(401, "The password is not correct.")));
    const { user, onConfirmed } = renderDialog();

    await user.type(screen.getByLabelText("Password"), "Wrong-Pass-2026");
    await user.click(screen.getByRole("button", { name: "Confirm and Download" }));

    expect(await screen.findByLabelText("Password")).toHaveAccessibleDescription("The password is not correct.");
    expect(screen.getByRole("button", { name: "Confirm and Download" })).toBeEnabled();
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  it("closes on Cancel without checking anything", async () => {
    const posted = vi.fn();
    server.use(http.post("/api/user/reauth", posted));
    const { user, onOpenChange, onConfirmed } = renderDialog();

    await user.click(screen.getByRole("button", { name: "Cancel" }));

    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(posted).not.toHaveBeenCalled();
    expect(onConfirmed).not.toHaveBeenCalled();
  });
});
