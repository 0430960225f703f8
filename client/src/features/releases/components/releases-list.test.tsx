import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { OwnerReleaseDto } from "@shared/release-api";
import { ReleasesList } from "@/features/releases/components/releases-list";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

const OPENED: OwnerReleaseDto = {
  id: 12,
  beneficiaryName: "Kofi Boateng",
  status: "opened",
  isTest: false,
  triggerId: 4,
  releasedAt: "2026-11-25T10:00:00.000Z",
  expiresAt: "2027-02-23T10:00:00.000Z",
  accessedAt: "2026-11-25T11:00:00.000Z",
  revokedAt: null,
  itemCount: 2,
  accesses: [
    { at: "2026-11-25T11:00:00.000Z", action: "open", itemKind: null, itemId: null, itemName: null, bytes: null },
    { at: "2026-11-25T11:01:00.000Z", action: "download", itemKind: "file", itemId: 3, itemName: "deed.pdf", bytes: 9 },
  ],
};

describe("ReleasesList", () => {
  it("lists each release with who opened what, and revokes one after confirmation", async () => {
    let revoked = false;
    server.use(
      http.get("/api/releases", () =>
        HttpResponse.json([revoked ? { ...OPENED, status: "revoked", revokedAt: "2026-11-26T09:00:00.000Z" } : OPENED]),
      ),
      http.post("/api/releases/12/revoke", () => {
        revoked = true;
        return HttpResponse.json({ ...OPENED, status: "revoked" });
      }),
    );
    const { user } = renderWithApp(<ReleasesList />);

    expect(await screen.findByRole("heading", { name: "For Kofi Boateng" })).toBeInTheDocument();
    expect(screen.getByText("Opened the release page")).toBeInTheDocument();
    expect(screen.getByText("Downloaded deed.pdf")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Revoke" }));
    const dialog = screen.getByRole("alertdialog");
    expect(dialog).toHaveTextContent("stops working at once");
    await user.click(within(dialog).getByRole("button", { name: "Revoke" }));

    expect(await screen.findByText("Release Revoked")).toBeInTheDocument();
    expect(await screen.findByText("Revoked")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Revoke" })).not.toBeInTheDocument();
  });

  it("says so when nothing has been released yet", async () => {
    server.use(http.get("/api/releases", () => HttpResponse.json([])));
    renderWithApp(<ReleasesList />);
    expect(await screen.findByText(/Nothing has been released yet/)).toBeInTheDocument();
  });

  it("shows the server's answer when the revoke fails, and keeps the release live", async () => {
    server.use(
      http.get("/api/releases", () => HttpResponse.json([OPENED])),
      http.post("/api/releases/12/revoke", () => apiError(409, "This release has already expired")),
    );
    const { user } = renderWithApp(<ReleasesList />);
    await user.click(await screen.findByRole("button", { name: "Revoke" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("Failed to Revoke Release")).toBeInTheDocument();
    expect(screen.getByText("409: This release has already expired")).toBeInTheDocument();
  });
});
