import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { AssetIndexItem } from "@shared/api-types";
import { DeleteAssetDialog } from "@/features/assets/components/delete-asset-dialog";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const FILE: AssetIndexItem = {
  kind: "digital_files",
  id: 4,
  title: "will.pdf",
  category: "documents",
  fileSize: 18,
  mimeType: "application/pdf",
  assignedToBeneficiary: null,
  createdAt: "2026-11-25T10:00:00.000Z",
};

describe("DeleteAssetDialog", () => {
  it("asks first, says Processing... while the delete runs, then reports it and closes", async () => {
    const { reply, release } = heldReply();
    server.use(http.delete("/api/assets/4", () => reply));
    const onClose = vi.fn();
    const { user } = renderWithApp(<DeleteAssetDialog item={FILE} onClose={onClose} />);
    expect(screen.getByRole("alertdialog", { name: "Delete asset?" })).toHaveTextContent("its storage is freed");

    await user.click(screen.getByRole("button", { name: "Delete" }));

    expect(await screen.findByRole("button", { name: "Processing..." })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    release(new HttpResponse(null, { status: 204 }));
    expect(await screen.findByText("Asset Deleted")).toBeInTheDocument();
    expect(screen.getByText('"will.pdf" has been deleted.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it("keeps the dialog open and says why when the delete fails", async () => {
    server.use(http.delete("/api/assets/4", () => apiError(404, "Asset not found")));
    const onClose = vi.fn();
    const { user } = renderWithApp(<DeleteAssetDialog item={FILE} onClose={onClose} />);

    await user.click(screen.getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Failed to delete asset. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete" })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
