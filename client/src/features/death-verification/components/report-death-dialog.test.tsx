import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { TrustedForDto } from "@shared/api-types";
import { DEATH_VERIFICATION_MESSAGES } from "@shared/validators/death-verification";
import { ReportDeathDialog } from "@/features/death-verification/components/report-death-dialog";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const URL = "/api/death-verification/request";
const LIST = "/api/death-verification/requests";
const person = (extra: Partial<TrustedForDto> = {}): TrustedForDto => ({
  id: 1,
  ownerId: 41,
  ownerName: "Yaa Asantewaa",
  relationship: "sibling",
  canInitiateDeathVerification: true,
  canAccessAssets: false,
  canManageBeneficiaries: false,
  activatedAt: "2026-11-27T00:00:00.000Z",
  ...extra,
});

describe("ReportDeathDialog", () => {
  it("is not offered without the permission", () => {
    renderWithApp(<ReportDeathDialog people={[person({ canInitiateDeathVerification: false })]} />);
    expect(screen.queryByRole("button", { name: "Report a death" })).toBeNull();
  });

  it("offers only the people who allowed a report, and refuses to send without a choice", async () => {
    const posted = vi.fn();
    server.use(http.post(URL, posted));
    const people = [
      person(),
      person({ id: 2, ownerId: 42, ownerName: "Kofi Boateng", canInitiateDeathVerification: false }),
    ];
    const { user } = renderWithApp(<ReportDeathDialog people={people} />);
    await user.click(screen.getByRole("button", { name: "Report a death" }));
    expect(screen.getByRole("option", { name: "Yaa Asantewaa" })).toBeInTheDocument();
    expect(screen.queryByRole("option", { name: "Kofi Boateng" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByLabelText("Who has died?")).toHaveAccessibleDescription(
      DEATH_VERIFICATION_MESSAGES.subject,
    );
    expect(posted).not.toHaveBeenCalled();
  });

  it("says Sending... while it is sent, then reports the request with the spec's checks and closes", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.post(URL, async ({ request }) => {
        body = await request.json();
        return reply;
      }),
      http.get(LIST, () => HttpResponse.json([])),
    );
    const { user } = renderWithApp(<ReportDeathDialog people={[person()]} />);
    await user.click(screen.getByRole("button", { name: "Report a death" }));
    await user.selectOptions(screen.getByLabelText("Who has died?"), "Yaa Asantewaa");
    await user.click(screen.getByRole("button", { name: "Send report" }));

    expect(await screen.findByRole("button", { name: "Sending..." })).toBeDisabled();
    expect(screen.getByLabelText("Who has died?")).toBeDisabled();
    release(HttpResponse.json({ id: 9 }, { status: 201 }));
    expect(await screen.findByText(DEATH_VERIFICATION_MESSAGES.created)).toBeInTheDocument();
    expect(body).toEqual({
      subjectUserId: 41,
      requestorType: "trusted_party",
      ghanaHealthServiceCheck: true,
      birthsDeathsRegistryCheck: true,
      familyConfirmation: true,
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("keeps the dialog open with the server's reason when the request is refused", async () => {
    server.use(http.post(URL, () => apiError(409, "You cannot open another request about this person yet.")));
    const { user } = renderWithApp(<ReportDeathDialog people={[person()]} />);
    await user.click(screen.getByRole("button", { name: "Report a death" }));
    await user.selectOptions(screen.getByLabelText("Who has died?"), "Yaa Asantewaa");
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "You cannot open another request about this person yet.",
    );
    expect(
      screen.getByText(
        `${DEATH_VERIFICATION_MESSAGES.createFailed}: 409: You cannot open another request about this person yet.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});
