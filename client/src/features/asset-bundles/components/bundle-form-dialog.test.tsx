import { describe, expect, it, vi } from "vitest";
import type { AssetBundleDto } from "@shared/trigger-types";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { BundleFormDialog } from "@/features/asset-bundles/components/bundle-form-dialog";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

const row = (kind: string, id: number, title: string) => ({
  kind,
  id,
  title,
  category: "other",
  assignedToBeneficiary: null,
  fileSize: null,
  mimeType: null,
  createdAt: "2026-01-01T00:00:00.000Z",
});
const bundle: AssetBundleDto = {
  id: 9,
  name: "For Kofi",
  description: null,
  category: "group",
  quantity: 0,
  price: "0.00",
  status: "active",
  items: [{ kind: "file", id: 3 }],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

function renderDialog(props: Partial<Parameters<typeof BundleFormDialog>[0]> = {}) {
  server.use(
    http.get("/api/asset-index", () =>
      HttpResponse.json([row("digital_files", 3, "deed.pdf"), row("online_accounts", 5, "Gmail")]),
    ),
  );
  const onOpenChange = vi.fn();
  return { ...renderWithApp(<BundleFormDialog open onOpenChange={onOpenChange} {...props} />), onOpenChange };
}

describe("BundleFormDialog", () => {
  it("requires a name and sends nothing", async () => {
    const posted = vi.fn();
    server.use(http.post("/api/asset-bundles", posted));
    const { user } = renderDialog();
    await user.click(await screen.findByRole("button", { name: "Create Bundle" }));
    expect(await screen.findByLabelText("Bundle name")).toHaveAccessibleDescription("Bundle name is required");
    expect(posted).not.toHaveBeenCalled();
  });

  it("creates a bundle of assets of different kinds and closes", async () => {
    let body: unknown;
    server.use(
      http.post("/api/asset-bundles", async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(bundle, { status: 201 });
      }),
    );
    const { user, onOpenChange } = renderDialog();
    await user.type(await screen.findByLabelText("Bundle name"), "For Kofi");
    await user.click(screen.getByRole("checkbox", { name: /deed\.pdf/ }));
    await user.click(screen.getByRole("checkbox", { name: /Gmail/ }));
    await user.click(screen.getByRole("button", { name: "Create Bundle" }));
    expect(await screen.findByText("Bundle Created")).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(body).toEqual({
      name: "For Kofi",
      items: [
        { kind: "file", id: 3 },
        { kind: "online_account", id: 5 },
      ],
    });
  });

  it("renames an existing bundle, keeps its ticked items, and shows a refusal", async () => {
    let body: unknown;
    server.use(
      http.patch("/api/asset-bundles/9", async ({ request }) => {
        body = await request.json();
        return apiError(400, "Choose items from your own assets", [
          { path: "items", message: "Choose items from your own assets" },
        ]);
      }),
    );
    const { user, onOpenChange } = renderDialog({ bundle });
    expect(await screen.findByRole("checkbox", { name: /deed\.pdf/ })).toBeChecked();
    const name = screen.getByLabelText("Bundle name");
    await user.clear(name);
    await user.type(name, "Renamed");
    await user.click(screen.getByRole("button", { name: "Save Bundle" }));
    expect(await screen.findByText("Failed to save bundle")).toBeInTheDocument();
    expect(screen.getAllByText("Choose items from your own assets").length).toBeGreaterThan(0);
    expect(body).toMatchObject({ name: "Renamed", items: [{ kind: "file", id: 3 }] });
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
