import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { DeleteAccountDialog } from "@/features/settings/components/delete-account-dialog";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

describe("DeleteAccountDialog", () => {
  it("needs the password and the typed word, and sends nothing without them", async () => {
    const deleted = vi.fn();
    server.use(http.delete("/api/user", deleted));
    const { user } = renderWithApp(<DeleteAccountDialog open onOpenChange={() => {}} />);

    await user.type(screen.getByLabelText("Type DELETE to confirm"), "delete");
    await user.click(screen.getByRole("button", { name: "Delete Account" }));

    expect(await screen.findByLabelText("Password")).toHaveAccessibleDescription("Enter your current password");
    expect(screen.getByLabelText("Type DELETE to confirm")).toHaveAccessibleDescription('Type "DELETE" to confirm.');
    expect(deleted).not.toHaveBeenCalled();
  });

  it("says Deleting... while it runs, sends only the password, then reports the account gone", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.delete("/api/user", async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user } = renderWithApp(<DeleteAccountDialog open onOpenChange={() => {}} />);

    await user.type(screen.getByLabelText("Password"), "Kente-Cloth-2026");
    await user.type(screen.getByLabelText("Type DELETE to confirm"), "DELETE");
    await user.click(screen.getByRole("button", { name: "Delete Account" }));

    expect(await screen.findByRole("button", { name: "Deleting..." })).toBeDisabled();
    release(HttpResponse.json({ message: "Your account and everything in it have been erased." }));
    expect(await screen.findByText("Account Deleted")).toBeInTheDocument();
    expect(body).toEqual({ password: "Kente-Cloth-2026" });
  });

  it("puts a wrong password under its field and keeps the dialog open", async () => {
    server.use(
      http.delete("/api/user", () =>
        apiError(400, "The password is not correct.", [{ path: "password", message: "The password is not correct." }]),
      ),
    );
    const onOpenChange = vi.fn();
    const { user } = renderWithApp(<DeleteAccountDialog open onOpenChange={onOpenChange} />);

    await user.type(screen.getByLabelText("Password"), "Wrong-Pass-2026");
    await user.type(screen.getByLabelText("Type DELETE to confirm"), "DELETE");
    await user.click(screen.getByRole("button", { name: "Delete Account" }));

    expect(await screen.findByLabelText("Password")).toHaveAccessibleDescription("The password is not correct.");
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
