import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { ReleaseViewDto } from "@shared/release-api";
import { ReleasePortal } from "@/features/releases/components/release-portal";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

const VIEW: ReleaseViewDto = {
  release: {
    id: 12,
    ownerName: "Ama Mensah",
    beneficiaryName: "Kofi Boateng",
    message: "Look after the house, Kofi.",
    releasedAt: "2026-11-25T10:00:00.000Z",
    expiresAt: "2027-02-23T10:00:00.000Z",
    isTest: false,
  },
  assets: [
    { kind: "file", id: 3, originalFileName: "deed.pdf", fileSize: 2048, mimeType: "application/pdf" },
    {
      kind: "online_account",
      id: 5,
      title: "Gmail",
      accountName: "Gmail",
      email: "ama@example.com",
      username: "ama.secret.user",
      twoFactorInfo: "codes in the blue box",
      description: null,
    },
  ],
};

describe("ReleasePortal", () => {
  it("opens the link by POST, drops the token from the address bar and shows the owner's message and assets", async () => {
    window.history.replaceState(null, "", "/release/tok-123");
    let sent: unknown;
    server.use(
      http.post("/api/releases/open", async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(VIEW);
      }),
    );
    const { user } = renderWithApp(<ReleasePortal token="tok-123" />);

    expect(await screen.findByRole("heading", { name: "Ama Mensah left this for you" })).toBeInTheDocument();
    expect(sent).toEqual({ token: "tok-123" });
    expect(window.location.pathname).toBe("/release");
    expect(screen.getByText("Look after the house, Kofi.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download deed.pdf" })).toHaveAttribute("href", "/api/releases/12/files/3");

    const account = screen.getByRole("article", { name: "Gmail" });
    expect(within(account).getByText("ama@example.com")).toBeInTheDocument();
    expect(within(account).queryByText("ama.secret.user")).not.toBeInTheDocument();
    expect(within(account).queryByText("Description")).not.toBeInTheDocument();
    await user.click(within(account).getByRole("button", { name: "Reveal" }));
    expect(within(account).getByText("ama.secret.user")).toBeInTheDocument();
    expect(within(account).getByText("codes in the blue box")).toBeInTheDocument();
  });

  it("says the link is no longer available when the server answers 404", async () => {
    window.history.replaceState(null, "", "/release/gone");
    server.use(http.post("/api/releases/open", () => apiError(404, "Not found")));
    renderWithApp(<ReleasePortal token="gone" />);
    expect(await screen.findByText("This link is no longer available")).toBeInTheDocument();
    expect(window.location.pathname).toBe("/release");
  });

  it("reads the opened release again through the release session after a reload of /release", async () => {
    window.sessionStorage.setItem("heirloom.release", "12");
    server.use(http.get("/api/releases/12", () => HttpResponse.json({ ...VIEW, assets: [] })));
    renderWithApp(<ReleasePortal />);
    expect(await screen.findByRole("heading", { name: "Ama Mensah left this for you" })).toBeInTheDocument();
    expect(screen.getByText("No files were released.")).toBeInTheDocument();
  });

  it("says the link is no longer available once the release is revoked", async () => {
    window.sessionStorage.setItem("heirloom.release", "12");
    server.use(http.get("/api/releases/12", () => apiError(404, "Not found")));
    renderWithApp(<ReleasePortal />);
    expect(await screen.findByText("This link is no longer available")).toBeInTheDocument();
  });
});
