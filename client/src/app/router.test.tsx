import { describe, expect, it } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { PublicUser } from "@shared/api-types";
import { AppProvider } from "@/app/provider";
import { AppRouter } from "@/app/router";
import { TWO_FACTOR_REQUIRED_FOR_ROLE } from "@shared/api-types";
import { TEST_USER } from "@/testing/mocks/data";
import { server } from "@/testing/mocks/server";

/**
 * The whole router at `path`, for a visitor (null) or a user of `userType`; agents and admins have their second
 * factor unless `twoFactorEnabled` says otherwise.
 */
function renderAt(path: string, userType: PublicUser["userType"] | null, twoFactorEnabled = userType !== "client") {
  server.use(
    http.get("/api/user", () =>
      userType === null
        ? HttpResponse.json({ message: "Unauthorized" }, { status: 401 })
        : HttpResponse.json({ ...TEST_USER, userType, twoFactorEnabled }),
    ),
    // the settings screen's reads
    http.get("/api/user/sessions", () => HttpResponse.json([])),
    http.get("/api/user/email", () => HttpResponse.json({ pending: null })),
    http.get("/api/user/passkeys", () => HttpResponse.json([])),
  );
  const location = memoryLocation({ path, record: true });
  const { hook } = location;
  render(
    <Router hook={hook}>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </Router>,
  );
  return location;
}

describe("AppRouter (derived from app/routes.ts)", () => {
  it("sends a signed-out visitor on a protected screen to sign in", async () => {
    renderAt("/beneficiaries", null);

    expect(await screen.findByText("Redirecting to sign in...")).toBeInTheDocument();
    expect(screen.getByText("You are logged out. Logging in again...")).toBeInTheDocument();
  });

  it("shows a client's unknown address as not found inside the client's navigation", async () => {
    renderAt("/no-such-screen", "client");

    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Backup & Export" })).toHaveAttribute("href", "/backup-export");
  });

  it("opens the agent's home at / under the agent header, and nothing of the client's", async () => {
    renderAt("/", "agent");

    expect(await screen.findByRole("heading", { name: "Agent Dashboard" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Pricing", "Gift Cards"]);
  });

  it("answers an agent on a client screen with the standalone not-found page", async () => {
    renderAt("/assets", "agent");

    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
  });

  it("shows the admin dashboard behind the admin's Client View link", async () => {
    renderAt("/dashboard", "admin");

    expect(await screen.findByRole("heading", { name: "Admin Dashboard" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Client View" })).toHaveAttribute("href", "/dashboard");
  });

  it("sends an agent without a second factor to the settings screen's two-factor section", async () => {
    const location = renderAt("/", "agent", false);

    expect(await screen.findByRole("heading", { name: "Two-factor sign-in" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Agent Dashboard" })).not.toBeInTheDocument();
    expect(location.history?.at(-1)).toBe("/settings?section=two-factor");
    expect(screen.getByRole("note")).toHaveTextContent("Your agent account needs two-factor sign-in");
  });

  it("sends an admin there too when one of the role's routes answers that it needs a second factor", async () => {
    server.use(
      http.get("/api/admin/stats", () => HttpResponse.json({ message: TWO_FACTOR_REQUIRED_FOR_ROLE }, { status: 403 })),
    );
    // the dashboard's own first read (its stat cards) is the route that answers so
    const location = renderAt("/", "admin");

    await waitFor(() => expect(location.history?.at(-1)).toBe("/settings?section=two-factor"));
    expect(await screen.findByText("Set up two-factor sign-in")).toBeInTheDocument();
  });
});
