import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { AdminUserDto } from "@shared/admin-api";
import { DELETE_CONFIRM_MESSAGE, type AdminDeleteUserInput } from "@shared/validators/admin";
import { DeleteUserDialog } from "@/features/admin/components/delete-user-dialog";
import { apiRequest } from "@/lib/api-client";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const URL = "/api/admin/users/41";
const USER = { id: 41, email: "abena@example.com" } as AdminUserDto;
const FIELD = "Type the user's e-mail address to confirm";

/** The dialog as the Users tab wires it: onDelete sends the DELETE, and rejects with the API's error. */
function renderDialog() {
  const onOpenChange = vi.fn();
  const onDelete = async (input: AdminDeleteUserInput) => {
    await apiRequest("DELETE", URL, input);
    onOpenChange(false);
  };
  return {
    ...renderWithApp(<DeleteUserDialog user={USER} onOpenChange={onOpenChange} onDelete={onDelete} />),
    onOpenChange,
  };
}

describe("DeleteUserDialog", () => {
  it("keeps Delete User off until the account's e-mail is typed, in any case", async () => {
    const deleted = vi.fn();
    server.use(http.delete(URL, deleted));
    const { user } = renderDialog();
    const confirm = screen.getByRole("button", { name: "Delete User" });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText(FIELD), "abena@example.org");
    expect(confirm).toBeDisabled();
    await user.clear(screen.getByLabelText(FIELD));
    await user.type(screen.getByLabelText(FIELD), "  Abena@Example.com ");
    expect(confirm).toBeEnabled();
    expect(deleted).not.toHaveBeenCalled();
  });

  it("says Deleting... while it runs, cannot be closed meanwhile, and sends the typed address", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.delete(URL, async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText(FIELD), "abena@example.com");
    await user.click(screen.getByRole("button", { name: "Delete User" }));

    expect(await screen.findByRole("button", { name: "Deleting..." })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    await user.keyboard("{Escape}");
    expect(onOpenChange).not.toHaveBeenCalled();
    release(HttpResponse.json({ message: "erased" }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(body).toEqual({ confirmEmail: "abena@example.com" });
  });

  it("puts the server's field message under the confirmation and any other refusal above the buttons", async () => {
    server.use(
      http.delete(URL, () =>
        apiError(400, "Validation failed", [{ path: "confirmEmail", message: DELETE_CONFIRM_MESSAGE }]),
      ),
    );
    const { user, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText(FIELD), "abena@example.com");
    await user.click(screen.getByRole("button", { name: "Delete User" }));
    expect(await screen.findByLabelText(FIELD)).toHaveAccessibleDescription(DELETE_CONFIRM_MESSAGE);

    server.use(http.delete(URL, () => apiError(403, "You cannot delete your own account here.")));
    await user.click(screen.getByRole("button", { name: "Delete User" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You cannot delete your own account here.");
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
