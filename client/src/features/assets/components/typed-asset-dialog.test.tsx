import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { TypedAssetDialog } from "@/features/assets/components/typed-asset-dialog";
import { buildTypedAsset } from "@/testing/mocks/data";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const LIST = "/api/financial-assets";

function renderDialog(assetId?: number) {
  const onOpenChange = vi.fn();
  const rendered = renderWithApp(
    <TypedAssetDialog kind="financial_assets" open onOpenChange={onOpenChange} assetId={assetId} />,
  );
  return { ...rendered, onOpenChange };
}

async function fillIn(user: ReturnType<typeof renderDialog>["user"]) {
  await user.type(screen.getByRole("textbox", { name: "Title" }), "Savings account");
  await user.selectOptions(screen.getByRole("combobox", { name: "Category" }), "investment");
  await user.type(screen.getByRole("textbox", { name: "Account name" }), "GCB savings");
}

describe("TypedAssetDialog", () => {
  it("shows every required field's message at once and sends nothing", async () => {
    const posted = vi.fn();
    server.use(http.post(LIST, posted));
    const { user } = renderDialog();

    await user.click(screen.getByRole("button", { name: "Add Asset" }));

    expect(await screen.findByRole("textbox", { name: "Title" })).toHaveAccessibleDescription("Title is required");
    expect(screen.getByRole("combobox", { name: "Category" })).toHaveAccessibleDescription("Category is required");
    expect(screen.getByRole("textbox", { name: "Account name" })).toHaveAccessibleDescription(
      "Account name is required",
    );
    expect(posted).not.toHaveBeenCalled();
  });

  it("says Adding... while the record is sent, drops empty fields, then reports it and closes", async () => {
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

    await user.click(screen.getByRole("button", { name: "Add Asset" }));

    expect(await screen.findByRole("button", { name: "Adding..." })).toBeDisabled();
    release(HttpResponse.json(buildTypedAsset(), { status: 201 }));
    expect(await screen.findByText("Asset Created")).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // spec 000 §5: empty fields are dropped before sending; priority starts at medium, "No assignment" is null
    expect(body).toEqual({
      title: "Savings account",
      category: "investment",
      accountName: "GCB savings",
      priority: "medium",
      assignedToBeneficiary: null,
    });
  });

  it("puts the server's field message under its field and keeps the dialog open", async () => {
    server.use(
      http.post(LIST, () => apiError(400, "Invalid input", [{ path: "title", message: "Title is too long" }])),
    );
    const { user, onOpenChange } = renderDialog();
    await fillIn(user);

    await user.click(screen.getByRole("button", { name: "Add Asset" }));

    expect(await screen.findByRole("textbox", { name: "Title" })).toHaveAccessibleDescription("Title is too long");
    expect(screen.getByText("Failed to create asset. Please try again. Invalid input")).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("names a reached plan limit (402) in the failure notice", async () => {
    const limit = "Your plan allows 10 financial assets. Upgrade your plan to lift this limit.";
    server.use(http.post(LIST, () => apiError(402, limit)));
    const { user } = renderDialog();
    await fillIn(user);

    await user.click(screen.getByRole("button", { name: "Add Asset" }));

    expect(await screen.findByText(`Failed to create asset. Please try again. ${limit}`)).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
  });

  it("edits a record: says Updating..., and clears an emptied field with null", async () => {
    const asset = buildTypedAsset({
      id: 5,
      title: "Savings account",
      assetType: "investment",
      accountName: "GCB savings",
      institution: "GCB Bank",
      priority: "high",
    });
    server.use(http.get(LIST, () => HttpResponse.json([asset])));
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.put(`${LIST}/5`, async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user, onOpenChange } = renderDialog(5);

    expect(await screen.findByRole("heading", { name: "Edit Financial Asset" })).toBeInTheDocument();
    expect(await screen.findByLabelText("Institution")).toHaveValue("GCB Bank");
    await user.clear(screen.getByLabelText("Institution"));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByRole("button", { name: "Updating..." })).toBeDisabled();
    release(HttpResponse.json(asset));
    expect(await screen.findByText("Asset Updated")).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(body).toMatchObject({ title: "Savings account", institution: null, priority: "high" });
  });
});
