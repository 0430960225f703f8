import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { AdminUserDto } from "@shared/admin-api";
import { UsersTab } from "@/features/admin/components/users-tab";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

function buildUser(extra: Partial<AdminUserDto> = {}): AdminUserDto {
  return {
    id: 41,
    firstName: "Abena",
    lastName: "Owusu",
    email: "abena@example.com",
    userType: "client",
    plan: "free",
    status: "active",
    storageUsed: 2048,
    storageLimit: 10_485_760,
    emailVerified: true,
    twoFactorEnabled: false,
    createdAt: "2026-11-01T00:00:00.000Z",
    agentProfile: null,
    ...extra,
  };
}

const USERS = "/api/admin/users";
const list = (rows: AdminUserDto[], total = rows.length) =>
  HttpResponse.json(rows, { headers: { "X-Total-Count": String(total) } });

describe("UsersTab", () => {
  it("sends the search and the role filter to the server and shows the real status", async () => {
    const asked: string[] = [];
    server.use(
      http.get(USERS, ({ request }) => {
        asked.push(new URL(request.url).search);
        return list([buildUser(), buildUser({ id: 42, email: "kofi@example.com", status: "suspended" })], 2);
      }),
    );
    const { user } = renderWithApp(<UsersTab />);
    expect(await screen.findByText("abena@example.com")).toBeInTheDocument();
    const rows = screen.getAllByRole("row");
    expect(within(rows[2]).getByText("Suspended")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Active")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Role"), "agent");
    await user.type(screen.getByLabelText("Search users"), "Owu");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(asked.at(-1)).toBe("?limit=20&offset=0&q=Owu&role=agent"));
    expect(screen.getByText("Showing 1–2 of 2")).toBeInTheDocument();
  });

  it("deletes only after the e-mail is typed, shows a wrong confirmation on the field, and keeps the dialog busy meanwhile", async () => {
    let body: unknown;
    const held = heldReply();
    let attempts = 0;
    server.use(
      http.get(USERS, () => list([buildUser()])),
      http.delete(`${USERS}/41`, async ({ request }) => {
        body = await request.json();
        attempts += 1;
        if (attempts === 1) {
          return apiError(400, "The e-mail typed does not match this account", [
            { path: "confirmEmail", message: "The e-mail typed does not match this account" },
          ]);
        }
        return held.reply;
      }),
    );
    const { user } = renderWithApp(<UsersTab />);
    await user.click(await screen.findByRole("button", { name: "Delete abena@example.com" }));
    const dialog = await screen.findByRole("alertdialog");
    const confirm = within(dialog).getByRole("button", { name: "Delete User" });
    expect(confirm).toBeDisabled();
    const field = within(dialog).getByLabelText("Type the user's e-mail address to confirm");
    await user.type(field, "ABENA@example.com");
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(
      await within(dialog).findByLabelText("Type the user's e-mail address to confirm"),
    ).toHaveAccessibleDescription("The e-mail typed does not match this account");
    expect(body).toEqual({ confirmEmail: "ABENA@example.com" });
    await user.click(confirm);
    expect(await within(dialog).findByRole("button", { name: "Deleting..." })).toBeDisabled();
    held.release(HttpResponse.json({ message: "erased" }));
    expect(await screen.findByText("abena@example.com and their data have been erased.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  });

  it("suspends after confirmation with the spec's notice, and reports a failure with the spec's message", async () => {
    let status = "active";
    server.use(
      http.get(USERS, () => list([buildUser({ status: status as AdminUserDto["status"] })])),
      http.patch(`${USERS}/41/status`, async ({ request }) => {
        const next = ((await request.json()) as { status: string }).status;
        if (next === "active") return apiError(409, "Conflict");
        status = next;
        return HttpResponse.json(buildUser({ status: "suspended" }));
      }),
    );
    const { user } = renderWithApp(<UsersTab />);
    await user.click(await screen.findByRole("button", { name: "Suspend abena@example.com" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Suspend" }));
    expect(await screen.findByText("User Status Updated")).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Reactivate abena@example.com" }));
    expect(await screen.findByText("Failed to update user status. 409: Conflict")).toBeInTheDocument();
  });
});
