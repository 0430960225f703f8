import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { DeleteBeneficiaryDialog } from "@/features/beneficiaries/components/delete-beneficiary-dialog";
import { buildBeneficiary } from "@/testing/mocks/data";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const KOFI = buildBeneficiary({ id: 7 });

describe("DeleteBeneficiaryDialog", () => {
  it("says Deleting... while the delete runs, then reports it and closes", async () => {
    const { reply, release } = heldReply();
    server.use(http.delete("/api/beneficiaries/7", () => reply));
    const onClose = vi.fn();
    const { user } = renderWithApp(<DeleteBeneficiaryDialog beneficiary={KOFI} onClose={onClose} />);
    expect(screen.getByRole("alertdialog")).toHaveTextContent("every asset assigned to them goes back to unassigned");

    await user.click(screen.getByRole("button", { name: "Delete" }));

    expect(await screen.findByRole("button", { name: "Deleting..." })).toBeDisabled();
    release(new HttpResponse(null, { status: 204 }));
    expect(await screen.findByText("Beneficiary Deleted")).toBeInTheDocument();
    expect(screen.getByText("Kofi Boateng was removed.")).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's status and text when the delete fails (spec 000 §8)", async () => {
    server.use(http.delete("/api/beneficiaries/7", () => apiError(404, "Beneficiary not found")));
    const onClose = vi.fn();
    const { user } = renderWithApp(<DeleteBeneficiaryDialog beneficiary={KOFI} onClose={onClose} />);

    await user.click(screen.getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Failed to Delete Beneficiary")).toBeInTheDocument();
    expect(screen.getByText("404: Beneficiary not found")).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
