import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { TrustedPartyDto } from "@shared/api-types";
import { TrustedPartiesTab } from "@/features/trusted-parties/components/trusted-parties-tab";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

const LIST = "/api/enhanced-trusted-parties";

function buildParty(extra: Partial<TrustedPartyDto> = {}): TrustedPartyDto {
  return {
    id: 7,
    trustedPersonName: "Kwame Asante",
    trustedPersonEmail: "kwame@example.com",
    trustedPersonPhone: "+233••••••567",
    relationship: "attorney",
    canInitiateDeathVerification: true,
    canAccessAssets: false,
    canManageBeneficiaries: false,
    ghanaCardNumber: "GHA-••••••••9-1",
    mobileMoneyNumber: null,
    traditionalAuthority: null,
    status: "inactive",
    activatedAt: null,
    revokedAt: null,
    invitationExpiresAt: "2026-12-02T00:00:00.000Z",
    invitationMail: "sent",
    createdAt: "2026-11-27T00:00:00.000Z",
    updatedAt: "2026-11-27T00:00:00.000Z",
    ...extra,
  };
}

describe("TrustedPartiesTab", () => {
  it("shows the spec's messages for an empty name, a bad e-mail and a bad Ghana Card, and sends nothing", async () => {
    let posted = 0;
    server.use(
      http.get(LIST, () => HttpResponse.json([])),
      http.post(LIST, () => {
        posted++;
        return HttpResponse.json(buildParty(), { status: 201 });
      }),
    );
    const { user } = renderWithApp(<TrustedPartiesTab />);
    expect(await screen.findByText("You have not named any trusted parties yet.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), "nope");
    await user.type(screen.getByLabelText("Ghana Card number (optional)"), "GHA-1-1");
    await user.click(screen.getByRole("button", { name: "Add Trusted Party" }));
    expect(await screen.findByLabelText("Full name")).toHaveAccessibleDescription("Full name is required");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Valid email is required");
    expect(screen.getByLabelText("Relationship")).toHaveAccessibleDescription("Relationship is required");
    expect(screen.getByLabelText("Ghana Card number (optional)")).toHaveAccessibleDescription(
      "Ghana Card number must look like GHA-123456789-1",
    );
    expect(posted).toBe(0);
  });

  it("adds a party with the spec's success message and shows it in the list with masked numbers", async () => {
    let parties: TrustedPartyDto[] = [];
    let body: unknown;
    server.use(
      http.get(LIST, () => HttpResponse.json(parties)),
      http.post(LIST, async ({ request }) => {
        body = await request.json();
        parties = [buildParty()];
        return HttpResponse.json(parties[0], { status: 201 });
      }),
    );
    const { user } = renderWithApp(<TrustedPartiesTab />);
    await screen.findByText("You have not named any trusted parties yet.");
    await user.type(screen.getByLabelText("Full name"), "Kwame Asante");
    await user.type(screen.getByLabelText("Email"), "Kwame@Example.com");
    await user.selectOptions(screen.getByLabelText("Relationship"), "attorney");
    await user.type(screen.getByLabelText("Ghana Card number (optional)"), "GHA-123456789-1");
    await user.click(screen.getByRole("button", { name: "Add Trusted Party" }));

    expect(await screen.findByText(/Trusted party added successfully/)).toBeInTheDocument();
    expect(body).toMatchObject({
      trustedPersonName: "Kwame Asante",
      trustedPersonEmail: "kwame@example.com",
      relationship: "attorney",
      ghanaCardNumber: "GHA-123456789-1",
    });
    const list = await screen.findByRole("list", { name: "Trusted parties" });
    expect(within(list).getByText("GHA-••••••••9-1")).toBeInTheDocument();
    expect(within(list).getByText("Invited")).toBeInTheDocument();
    expect(screen.getByLabelText("Full name")).toHaveValue("");
  });

  it("says Failed to add trusted party when the server refuses", async () => {
    server.use(
      http.get(LIST, () => HttpResponse.json([])),
      http.post(LIST, () => apiError(429, "You can send at most 20 e-mails to other people in a day.")),
    );
    const { user } = renderWithApp(<TrustedPartiesTab />);
    await screen.findByText("You have not named any trusted parties yet.");
    await user.type(screen.getByLabelText("Full name"), "Kwame Asante");
    await user.type(screen.getByLabelText("Email"), "kwame@example.com");
    await user.selectOptions(screen.getByLabelText("Relationship"), "friend");
    await user.click(screen.getByRole("button", { name: "Add Trusted Party" }));
    expect(await screen.findByText(/Failed to add trusted party/)).toBeInTheDocument();
  });

  it("revokes only after the confirmation", async () => {
    let revoked = 0;
    server.use(
      http.get(LIST, () => HttpResponse.json([buildParty({ status: revoked ? "revoked" : "active" })])),
      http.post(`${LIST}/7/revoke`, () => {
        revoked++;
        return HttpResponse.json(buildParty({ status: "revoked" }));
      }),
    );
    const { user } = renderWithApp(<TrustedPartiesTab />);
    await user.click(await screen.findByRole("button", { name: "Revoke Kwame Asante" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(revoked).toBe(0);
    await user.click(within(dialog).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("Trusted party revoked")).toBeInTheDocument();
    expect(revoked).toBe(1);
    expect(await screen.findByText("Revoked")).toBeInTheDocument();
  });

  it("shows an error state with a retry when the list cannot be read", async () => {
    server.use(http.get(LIST, () => apiError(500, "boom")));
    renderWithApp(<TrustedPartiesTab />);
    expect(await screen.findByText("We could not load your trusted parties.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
