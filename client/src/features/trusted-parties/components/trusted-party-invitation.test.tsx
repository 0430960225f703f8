import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { TrustedPartyInvitation } from "@/features/trusted-parties/components/trusted-party-invitation";
import { TrustedForList } from "@/features/trusted-parties/components/trusted-for-list";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

const TOKEN = "a".repeat(43);
const INFO = `/api/trusted-party-invitations/${TOKEN}`;
const invitation = { ownerName: "Yaa Asantewaa", trustedPersonName: "Kofi", invitedEmail: "ama.mensah@example.com" };

describe("TrustedPartyInvitation", () => {
  it("shows who invited the visitor and accepts only when the button is pressed", async () => {
    let accepted: unknown;
    server.use(
      http.get(INFO, () => HttpResponse.json(invitation)),
      http.post("/api/trusted-party-invitations/accept", async ({ request }) => {
        accepted = await request.json();
        return HttpResponse.json({ ownerId: 2, partyId: 7 });
      }),
    );
    const { user } = renderWithApp(<TrustedPartyInvitation token={TOKEN} />);
    expect(await screen.findByText("Yaa Asantewaa")).toBeInTheDocument();
    expect(accepted).toBeUndefined();
    await user.click(screen.getByRole("button", { name: "Accept invitation" }));
    expect(await screen.findByText("You are now Yaa Asantewaa's trusted party.")).toBeInTheDocument();
    expect(accepted).toEqual({ token: TOKEN });
  });

  it("explains a refusal for another account", async () => {
    server.use(
      http.get(INFO, () => HttpResponse.json({ ...invitation, invitedEmail: "someone@example.com" })),
      http.post("/api/trusted-party-invitations/accept", () =>
        apiError(
          403,
          "This invitation was sent to a different e-mail address. Sign in with that address to accept it.",
        ),
      ),
    );
    const { user } = renderWithApp(<TrustedPartyInvitation token={TOKEN} />);
    await user.click(await screen.findByRole("button", { name: "Accept invitation" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("sent to a different e-mail address");
  });

  it("says an expired or unknown link is no longer valid", async () => {
    server.use(http.get(INFO, () => apiError(404, "Not found")));
    renderWithApp(<TrustedPartyInvitation token={TOKEN} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("invalid, has expired or was withdrawn");
  });
});

describe("TrustedForList", () => {
  it("lists the people who named the user with their permissions, read-only", async () => {
    server.use(
      http.get("/api/trusted-for", () =>
        HttpResponse.json([
          {
            id: 7,
            ownerId: 3,
            ownerName: "Yaa Asantewaa",
            relationship: "sibling",
            canInitiateDeathVerification: true,
            canAccessAssets: false,
            canManageBeneficiaries: false,
            activatedAt: "2026-11-27T00:00:00.000Z",
          },
        ]),
      ),
    );
    renderWithApp(<TrustedForList />);
    expect(await screen.findByText("Yaa Asantewaa")).toBeInTheDocument();
    expect(screen.getByText("May report their death")).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("says so when no one has named the user", async () => {
    server.use(http.get("/api/trusted-for", () => HttpResponse.json([])));
    renderWithApp(<TrustedForList />);
    expect(await screen.findByText(/No one has named you as a trusted party yet/)).toBeInTheDocument();
  });
});
