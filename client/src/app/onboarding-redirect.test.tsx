import { describe, expect, it } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { PublicUser } from "@shared/api-types";
import { AppProvider } from "@/app/provider";
import { AppRouter } from "@/app/router";
import { queryClient } from "@/lib/query-client";
import { TEST_USER } from "@/testing/mocks/data";
import { server } from "@/testing/mocks/server";

const NEW_CLIENT: PublicUser = { ...TEST_USER, roleChoice: null, onboardedAt: null };
const CHOSEN_AT = "2026-11-25T10:05:00.000Z";

/** The whole router at `path` for `me`, with the dashboard's reads answered empty; `location` follows redirects. */
function renderAt(path: string, me: PublicUser) {
  let current = me;
  server.use(
    http.get("/api/user", () => HttpResponse.json(current)),
    http.get("/api/*", () => HttpResponse.json({ message: "Not found" }, { status: 404 })),
    http.post("/api/user/onboarding", async ({ request }) => {
      const { role } = (await request.json()) as { role: "client" | "agent" };
      current = { ...current, roleChoice: role, onboardedAt: current.onboardedAt ?? CHOSEN_AT };
      return HttpResponse.json(current);
    }),
  );
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </Router>,
  );
  return { location, user: userEvent.setup() };
}

const pathOf = (location: ReturnType<typeof memoryLocation>) => location.history?.at(-1);

describe("role selection for a client who has not chosen (spec 001 §2, issue 15)", () => {
  it("lands on /onboarding from / and from any client screen", async () => {
    for (const start of ["/", "/assets", "/no-such-screen"]) {
      const { location } = renderAt(start, NEW_CLIENT);
      expect(await screen.findByRole("heading", { name: "Choose Your Role" })).toBeInTheDocument();
      expect(pathOf(location), start).toBe("/onboarding");
      cleanup();
      queryClient.clear();
    }
  });

  it("lands there once: after Client, the dashboard, and / is the dashboard from then on", async () => {
    const { location, user } = renderAt("/", NEW_CLIENT);

    await user.click(await screen.findByRole("button", { name: "Continue as Client" }));

    expect(await screen.findByText(/Welcome back, Ama/)).toBeInTheDocument();
    expect(pathOf(location)).toBe("/dashboard");
    location.navigate("/");
    await waitFor(() => expect(screen.getByText(/Welcome back, Ama/)).toBeInTheDocument());
    expect(pathOf(location)).toBe("/");
    location.navigate("/assets");
    expect(await screen.findByRole("heading", { name: "Assets", level: 1 })).toBeInTheDocument();
  });

  it("takes an Agent choice to the agent onboarding wizard", async () => {
    const { location, user } = renderAt("/onboarding", NEW_CLIENT);

    await user.click(await screen.findByRole("button", { name: "Continue as Agent" }));

    expect(await screen.findByRole("form", { name: "Agent onboarding" })).toBeInTheDocument();
    expect(pathOf(location)).toBe("/agent-onboarding");
    expect(screen.getByRole("heading", { name: "Business Information" })).toBeInTheDocument();
  });

  it("leaves a client who has chosen on their dashboard, and lets them open the screen again", async () => {
    const { location } = renderAt("/", TEST_USER);
    expect(await screen.findByText(/Welcome back, Ama/)).toBeInTheDocument();
    location.navigate("/onboarding");
    expect(await screen.findByRole("heading", { name: "Choose Your Role" })).toBeInTheDocument();
  });

  it("sends agents and admins away from it to their own home", async () => {
    const agent = renderAt("/onboarding", { ...TEST_USER, userType: "agent", twoFactorEnabled: true });
    expect(await screen.findByRole("heading", { name: "Agent Dashboard" })).toBeInTheDocument();
    expect(pathOf(agent.location)).toBe("/agent-dashboard");
    cleanup();
    queryClient.clear();

    const admin = renderAt("/onboarding", { ...TEST_USER, userType: "admin", twoFactorEnabled: true });
    expect(await screen.findByRole("heading", { name: "Admin Dashboard" })).toBeInTheDocument();
    expect(pathOf(admin.location)).toBe("/admin-dashboard");
  });

  it("moves a user granted admin from the screen to /admin-dashboard a second later", async () => {
    const { location, user } = renderAt("/onboarding", NEW_CLIENT);
    const admin: PublicUser = {
      ...NEW_CLIENT,
      userType: "admin",
      roleChoice: "admin",
      onboardedAt: CHOSEN_AT,
      twoFactorEnabled: true,
    };
    server.use(
      http.post("/api/auth/promote-admin", () => HttpResponse.json(admin)),
      http.get("/api/user", () => HttpResponse.json(admin)),
    );

    await user.type(await screen.findByLabelText("Set-up token"), "tok_4b1d-Zx");
    await user.click(screen.getByRole("button", { name: "Request Admin" }));

    expect(await screen.findByText("Admin Access Granted")).toBeInTheDocument();
    expect(pathOf(location)).toBe("/onboarding");
    expect(await screen.findByRole("heading", { name: "Admin Dashboard" })).toBeInTheDocument();
    expect(pathOf(location)).toBe("/admin-dashboard");
  });
});
