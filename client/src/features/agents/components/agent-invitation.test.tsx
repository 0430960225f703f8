import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { PENDING_INVITATION_KEY } from "@/features/agents/api/agent-invitation";
import { AgentInvitation } from "@/features/agents/components/agent-invitation";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

const TOKEN = "b".repeat(43);
const INFO = `/api/invitation/${TOKEN}`;
const invitation = { firstName: "Abena", lastName: "Owusu", email: "abena@example.com", agentName: "Kwesi Appiah" };
const INVALID =
  "Invalid Invitation: This invitation link is invalid or has expired. Please contact your agent for a new invitation link.";

describe("AgentInvitation", () => {
  it("shows the invitee's name and accepts only when the button is pressed", async () => {
    let sent: unknown;
    server.use(
      http.get(INFO, () => HttpResponse.json(invitation)),
      http.post("/api/agent/accept-invitation", async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ accepted: true });
      }),
    );
    const { user } = renderWithApp(<AgentInvitation token={TOKEN} />);
    expect(await screen.findByText(/Hello Abena Owusu/)).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.click(screen.getByRole("button", { name: "Accept Invitation" }));
    expect(await screen.findByText(/Invitation accepted/)).toBeInTheDocument();
    expect(sent).toEqual({ token: TOKEN, switchAgent: false });
  });

  it("asks before replacing the client's current agent", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(INFO, () => HttpResponse.json(invitation)),
      http.post("/api/agent/accept-invitation", async ({ request }) => {
        const body = (await request.json()) as { switchAgent: boolean };
        bodies.push(body);
        return body.switchAgent
          ? HttpResponse.json({ accepted: true })
          : apiError(409, "You already have an agent. Confirm that you want this agent to replace your current one.");
      }),
    );
    const { user } = renderWithApp(<AgentInvitation token={TOKEN} />);
    await user.click(await screen.findByRole("button", { name: "Accept Invitation" }));
    await user.click(await screen.findByRole("button", { name: "Switch to Kwesi Appiah" }));
    expect(await screen.findByText(/Invitation accepted/)).toBeInTheDocument();
    expect(bodies).toEqual([
      { token: TOKEN, switchAgent: false },
      { token: TOKEN, switchAgent: true },
    ]);
  });

  it("shows the spec's invalid-invitation message for an unknown, used or expired link", async () => {
    server.use(http.get(INFO, () => apiError(404, "Not found")));
    renderWithApp(<AgentInvitation token={TOKEN} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(INVALID);
  });

  it("keeps the token in session storage for a signed-out visitor and asks them to sign in", async () => {
    server.use(
      http.get("/api/user", () => apiError(401, "Unauthorized")),
      http.get(INFO, () => HttpResponse.json(invitation)),
    );
    renderWithApp(<AgentInvitation token={TOKEN} />);
    expect(await screen.findByText(/Please sign in or create an account with abena@example.com/)).toBeInTheDocument();
    expect(sessionStorage.getItem(PENDING_INVITATION_KEY)).toBe(TOKEN);
  });
});
