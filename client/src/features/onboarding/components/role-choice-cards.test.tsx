import { beforeEach, describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { RoleChoiceCards } from "@/features/onboarding/components/role-choice-cards";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { TEST_USER } from "@/testing/mocks/data";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const NEW_CLIENT = { ...TEST_USER, roleChoice: null, onboardedAt: null };
const CHOSEN_AT = "2026-11-25T10:05:00.000Z";

beforeEach(() => {
  window.history.replaceState(null, "", "/onboarding");
  server.use(http.get("/api/user", () => HttpResponse.json(NEW_CLIENT)));
});

describe("RoleChoiceCards", () => {
  it("shows the spec's three cards in its order: Agent, Request Admin, Client", () => {
    renderWithApp(<RoleChoiceCards />);

    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Agent",
      "Request Admin",
      "Client",
    ]);
    const admin = screen.getByRole("region", { name: "Request Admin" });
    expect(within(admin).getByLabelText("Set-up token")).toHaveValue("");
    expect(within(admin).getByRole("button", { name: "Request Admin" })).toBeEnabled();
  });

  it("records Client, says Saving... meanwhile, then opens the dashboard with the choice on the user", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.post("/api/user/onboarding", async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user } = renderWithApp(<RoleChoiceCards />);

    await user.click(screen.getByRole("button", { name: "Continue as Client" }));

    expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Continue as Agent" })).toBeDisabled();
    release(HttpResponse.json({ ...NEW_CLIENT, roleChoice: "client", onboardedAt: CHOSEN_AT }));
    await expect.poll(() => window.location.pathname).toBe("/dashboard");
    expect(body).toEqual({ role: "client" });
    expect(queryClient.getQueryData(queryKeys.user())).toMatchObject({ roleChoice: "client", onboardedAt: CHOSEN_AT });
  });

  it("records Agent and opens the agent onboarding", async () => {
    let body: unknown;
    server.use(
      http.post("/api/user/onboarding", async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...NEW_CLIENT, roleChoice: "agent", onboardedAt: CHOSEN_AT });
      }),
    );
    const { user } = renderWithApp(<RoleChoiceCards />);

    await user.click(screen.getByRole("button", { name: "Continue as Agent" }));

    await expect.poll(() => window.location.pathname).toBe("/agent-onboarding");
    expect(body).toEqual({ role: "agent" });
  });

  it("says so when the choice could not be saved, and stays on the screen", async () => {
    server.use(http.post("/api/user/onboarding", () => apiError(500, "Something went wrong (request id r-1)")));
    const { user } = renderWithApp(<RoleChoiceCards />);

    await user.click(screen.getByRole("button", { name: "Continue as Client" }));

    expect(await screen.findByText("Failed to save your role")).toBeInTheDocument();
    expect(screen.getByText("500: Something went wrong (request id r-1)")).toBeInTheDocument();
    expect(window.location.pathname).toBe("/onboarding");
    expect(screen.getByRole("button", { name: "Continue as Client" })).toBeEnabled();
  });
});
