import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { OnlineAccountDialog } from "@/features/online-accounts/components/online-account-dialog";
import type { OnlineAccount } from "@/features/online-accounts/lib/account-display";
import { buildTypedAsset } from "@/testing/mocks/data";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const LIST = "/api/online-accounts";

function renderDialog(account?: OnlineAccount) {
  const onOpenChange = vi.fn();
  const rendered = renderWithApp(<OnlineAccountDialog open onOpenChange={onOpenChange} account={account} />);
  return { ...rendered, onOpenChange };
}

const accountName = () => screen.getByRole("textbox", { name: "Account name" });
const accountType = () => screen.getByRole("combobox", { name: "Account type" });

async function fillIn(user: ReturnType<typeof renderDialog>["user"]) {
  await user.type(accountName(), "Personal Gmail");
  await user.selectOptions(accountType(), "email");
}

describe("OnlineAccountDialog", () => {
  it("reports the missing name and type together with a malformed e-mail, and sends nothing", async () => {
    const posted = vi.fn();
    server.use(http.post(LIST, posted));
    const { user } = renderDialog();

    await user.type(screen.getByRole("textbox", { name: "Email" }), "not-an-address");
    await user.click(screen.getByRole("button", { name: "Add Account" }));

    expect(await screen.findByRole("textbox", { name: "Email" })).toHaveAccessibleDescription(
      "Please enter a valid email address",
    );
    expect(accountName()).toHaveAccessibleDescription("Account name is required");
    expect(accountType()).toHaveAccessibleDescription("Account type is required");
    expect(posted).not.toHaveBeenCalled();
  });

  it("says Adding... while the account is sent, then reports it and closes", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.post(LIST, async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user, onOpenChange } = renderDialog();
    await fillIn(user);

    await user.click(screen.getByRole("button", { name: "Add Account" }));

    expect(await screen.findByRole("button", { name: "Adding..." })).toBeDisabled();
    expect(accountName()).toBeDisabled();
    release(HttpResponse.json(buildTypedAsset({ accountName: "Personal Gmail" }), { status: 201 }));
    expect(await screen.findByText("Account Added")).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(body).toMatchObject({ accountName: "Personal Gmail", accountType: "email", priority: "medium" });
  });

  it("puts the server's field message under its field and keeps the dialog open", async () => {
    server.use(
      http.post(LIST, () =>
        apiError(400, "Invalid input", [{ path: "platform", message: "Platform must be at most 200 characters" }]),
      ),
    );
    const { user, onOpenChange } = renderDialog();
    await fillIn(user);

    await user.click(screen.getByRole("button", { name: "Add Account" }));

    expect(await screen.findByRole("textbox", { name: "Platform" })).toHaveAccessibleDescription(
      "Platform must be at most 200 characters",
    );
    expect(screen.getByText("Failed to add online account. Invalid input")).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("names a reached plan limit (402) in the failure notice", async () => {
    const limit = "Your plan allows 10 online accounts. Upgrade your plan to lift this limit.";
    server.use(http.post(LIST, () => apiError(402, limit)));
    const { user } = renderDialog();
    await fillIn(user);

    await user.click(screen.getByRole("button", { name: "Add Account" }));

    expect(await screen.findByText(`Failed to add online account. ${limit}`)).toBeInTheDocument();
  });

  it("edits an account: says Updating..., and clears an emptied field with null", async () => {
    const account = buildTypedAsset({
      id: 9,
      accountName: "Personal Gmail",
      accountType: "email",
      platform: "gmail.com",
      priority: "low",
    });
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.put(`${LIST}/9`, async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user, onOpenChange } = renderDialog(account);
    expect(screen.getByRole("heading", { name: "Edit Online Account" })).toBeInTheDocument();

    await user.clear(screen.getByRole("textbox", { name: "Platform" }));
    await user.click(screen.getByRole("button", { name: "Update Account" }));

    expect(await screen.findByRole("button", { name: "Updating..." })).toBeDisabled();
    release(HttpResponse.json(account));
    expect(await screen.findByText("Account Updated")).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(body).toMatchObject({
      accountName: "Personal Gmail",
      accountType: "email",
      platform: null,
      priority: "low",
    });
  });
});
