import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { TrustedPartyDto } from "@shared/api-types";
import { TrustedPartyEditDialog } from "@/features/trusted-parties/components/trusted-party-edit-dialog";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const ONE = "/api/enhanced-trusted-parties/7";
const PARTY: TrustedPartyDto = {
  id: 7,
  trustedPersonName: "Kwame Asante",
  trustedPersonEmail: "kwame@example.com",
  trustedPersonPhone: "+233241234567",
  relationship: "attorney",
  canInitiateDeathVerification: true,
  canAccessAssets: false,
  canManageBeneficiaries: false,
  ghanaCardNumber: "GHA-123456789-1",
  mobileMoneyNumber: null,
  traditionalAuthority: null,
  status: "active",
  activatedAt: "2026-11-20T00:00:00.000Z",
  revokedAt: null,
  invitationExpiresAt: null,
  invitationMail: null,
  createdAt: "2026-11-19T00:00:00.000Z",
  updatedAt: "2026-11-20T00:00:00.000Z",
};

function renderDialog() {
  const onOpenChange = vi.fn();
  const rendered = renderWithApp(<TrustedPartyEditDialog partyId={7} open onOpenChange={onOpenChange} />);
  return { ...rendered, onOpenChange };
}

describe("TrustedPartyEditDialog", () => {
  it("starts from the owner's unmasked edit read, and saves the change with PATCH", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.get(ONE, () => HttpResponse.json(PARTY)),
      http.patch(ONE, async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user, onOpenChange } = renderDialog();
    expect(screen.getByRole("heading", { name: "Edit Trusted Party" })).toBeInTheDocument();
    expect(await screen.findByLabelText("Ghana Card number (optional)")).toHaveValue("GHA-123456789-1");
    expect(screen.getByLabelText("Relationship")).toHaveValue("attorney");

    await user.clear(screen.getByLabelText("Full name"));
    await user.type(screen.getByLabelText("Full name"), "Kwame A. Asante");
    await user.click(screen.getByLabelText("Can access assets"));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
    expect(screen.getByLabelText("Full name")).toBeDisabled();
    release(HttpResponse.json({ ...PARTY, trustedPersonName: "Kwame A. Asante", canAccessAssets: true }));
    expect(await screen.findAllByText("Trusted party updated")).not.toHaveLength(0);
    expect(body).toMatchObject({
      trustedPersonName: "Kwame A. Asante",
      trustedPersonEmail: "kwame@example.com",
      ghanaCardNumber: "GHA-123456789-1",
      canAccessAssets: true,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the spec's message for a bad Ghana Card number and sends nothing", async () => {
    const patched = vi.fn();
    server.use(
      http.get(ONE, () => HttpResponse.json(PARTY)),
      http.patch(ONE, patched),
    );
    const { user, onOpenChange } = renderDialog();
    const card = await screen.findByLabelText("Ghana Card number (optional)");
    await user.clear(card);
    await user.type(card, "GHA-12345-1");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByLabelText("Ghana Card number (optional)")).toHaveAccessibleDescription(
      "Ghana Card number must look like GHA-123456789-1",
    );
    expect(patched).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("keeps the dialog open with the server's reason when the e-mail can no longer change (409)", async () => {
    const reason = "Only a pending invitation's e-mail can change: revoke and add the person again.";
    server.use(
      http.get(ONE, () => HttpResponse.json(PARTY)),
      http.patch(ONE, () => apiError(409, reason)),
    );
    const { user, onOpenChange } = renderDialog();
    const email = await screen.findByLabelText("Email");
    await user.clear(email);
    await user.type(email, "kwame.new@example.com");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findAllByText(/Only a pending invitation/)).not.toHaveLength(0);
    expect(screen.getByLabelText("Email")).toHaveValue("kwame.new@example.com");
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("says so when the party cannot be read, and offers to try again", async () => {
    let calls = 0;
    server.use(
      http.get(ONE, () => {
        calls++;
        return calls === 1 ? apiError(404, "Not found") : HttpResponse.json(PARTY);
      }),
    );
    const { user } = renderDialog();
    expect(await screen.findByText(/We could not load this trusted party/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByLabelText("Full name")).toHaveValue("Kwame Asante");
  });
});
