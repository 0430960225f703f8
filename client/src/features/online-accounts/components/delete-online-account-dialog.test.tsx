import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { DeleteOnlineAccountDialog } from "@/features/online-accounts/components/delete-online-account-dialog";
import { buildTypedAsset } from "@/testing/mocks/data";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const ACCOUNT = buildTypedAsset({ id: 9, accountName: "Personal Gmail", accountType: "email" });

describe("DeleteOnlineAccountDialog", () => {
  it("says Processing... while the delete runs (spec 001 §2), then reports it and closes", async () => {
    const { reply, release } = heldReply();
    server.use(http.delete("/api/online-accounts/9", () => reply));
    const onClose = vi.fn();
    const { user } = renderWithApp(<DeleteOnlineAccountDialog account={ACCOUNT} onClose={onClose} />);

    await user.click(screen.getByRole("button", { name: "Delete" }));

    expect(await screen.findByRole("button", { name: "Processing..." })).toBeDisabled();
    release(new HttpResponse(null, { status: 204 }));
    expect(await screen.findByText("Account Deleted")).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the spec's failure notice and stays open when the delete fails", async () => {
    server.use(http.delete("/api/online-accounts/9", () => apiError(500, "Internal error")));
    const onClose = vi.fn();
    const { user } = renderWithApp(<DeleteOnlineAccountDialog account={ACCOUNT} onClose={onClose} />);

    await user.click(screen.getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Failed to delete online account")).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
