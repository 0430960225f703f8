import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { TrustedForDto } from "@shared/api-types";
import { ClientArea } from "@/app/routes/app/client-area";
import { queryClient } from "@/lib/query-client";
import { server } from "@/testing/mocks/server";
import { renderWithApp } from "@/testing/test-utils";

const NAMED_BY: TrustedForDto = {
  id: 3,
  ownerId: 41,
  ownerName: "Kofi Boateng",
  relationship: "sibling",
  canInitiateDeathVerification: true,
  canAccessAssets: false,
  canManageBeneficiaries: false,
  activatedAt: "2026-11-20T00:00:00.000Z",
};

function renderClientArea() {
  const { hook } = memoryLocation({ path: "/no-such-screen" });
  return renderWithApp(
    <Router hook={hook}>
      <ClientArea />
    </Router>,
  );
}

describe("the Trusted Party navigation link", () => {
  it("appears for a user someone has named as a trusted party, and leads to /trusted", async () => {
    server.use(http.get("/api/trusted-for", () => HttpResponse.json([NAMED_BY])));
    renderClientArea();
    const nav = await screen.findByRole("navigation", { name: "Main" });
    expect(await within(nav).findByRole("link", { name: "Trusted Party" })).toHaveAttribute("href", "/trusted");
  });

  it("is absent for a user nobody has named", async () => {
    renderClientArea();
    const nav = await screen.findByRole("navigation", { name: "Main" });
    expect(await within(nav).findByRole("link", { name: "Death Verification" })).toBeInTheDocument();
    await vi.waitFor(() => expect(queryClient.getQueryState(["/api/trusted-for"])?.status).toBe("success"));
    expect(within(nav).queryByRole("link", { name: "Trusted Party" })).not.toBeInTheDocument();
  });
});
