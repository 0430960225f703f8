import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import {
  scoreOf,
  type DeathVerificationDocumentDto,
  type DeathVerificationRequestDto,
  type DeathVerificationReviewDto,
} from "@shared/death-verification";
import { PartyRequests } from "@/features/death-verification/components/party-requests";
import { ReviewQueue } from "@/features/death-verification/components/review-queue";
import { VerificationTab } from "@/features/death-verification/components/verification-tab";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

const LIST = "/api/death-verification/requests";

const certificate: DeathVerificationDocumentDto = {
  id: 7,
  documentType: "death_certificate",
  fileName: "certificate.pdf",
  fileSize: 2048,
  mimeType: "application/pdf",
  verificationStatus: "rejected",
  createdAt: "2026-11-27T00:00:00.000Z",
};

function request(extra: Partial<DeathVerificationRequestDto> = {}): DeathVerificationRequestDto {
  return {
    id: 9,
    requestorType: "trusted_party",
    rehearsal: false,
    status: "rejected",
    verificationScore: 40,
    waitingPeriodStart: null,
    waitingPeriodEnd: null,
    appealDeadline: "2026-12-27T00:00:00.000Z",
    appealedAt: null,
    createdAt: "2026-11-27T00:00:00.000Z",
    subjectUserId: 41,
    subjectName: "Yaa Asantewaa",
    governmentRecordCheck: false,
    medicalRecordCheck: false,
    familyConfirmation: false,
    documentUpload: false,
    ghanaHealthServiceCheck: true,
    birthsDeathsRegistryCheck: false,
    ghanaCardVerification: false,
    mobileMoneyInactivity: false,
    role: "requestor",
    confirmationCount: 0,
    myDecision: null,
    canConfirm: false,
    canAppeal: true,
    documents: [certificate],
    notes: "Certificate unreadable",
    appealReason: null,
    ...extra,
  };
}

describe("the requestor's rejected request", () => {
  it("links each document for download and appeals with a reason before the deadline", async () => {
    let rows = [request()];
    let sent: unknown;
    server.use(
      http.get(LIST, () => HttpResponse.json(rows)),
      http.post(`${LIST}/9/appeal`, async ({ request: req }) => {
        sent = await req.json();
        rows = [
          request({
            status: "appealed",
            canAppeal: false,
            appealedAt: "2026-11-28T10:00:00.000Z",
            appealReason: "Call the registry",
          }),
        ];
        return HttpResponse.json(rows[0]);
      }),
    );
    const { user } = renderWithApp(<PartyRequests />);
    const link = await screen.findByRole("link", { name: "Download certificate.pdf" });
    expect(link).toHaveAttribute("href", "/api/death-verification/requests/9/documents/7");
    expect(screen.getByText("Reason given: Certificate unreadable")).toBeInTheDocument();
    expect(screen.getByText(/You may appeal until/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Appeal" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Send appeal" }));
    expect(await within(dialog).findByLabelText("Why should the reviewers look again?")).toHaveAccessibleDescription(
      expect.stringContaining("Explain why the decision should be reviewed again"),
    );
    expect(sent).toBeUndefined();
    await user.type(within(dialog).getByLabelText("Why should the reviewers look again?"), "Call the registry");
    await user.click(within(dialog).getByRole("button", { name: "Send appeal" }));
    expect(await screen.findByText(/You appealed on/)).toBeInTheDocument();
    expect(sent).toEqual({ reason: "Call the registry" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("button", { name: "Appeal" })).toBeNull();
    // an appealed request takes more evidence
    expect(screen.getByRole("button", { name: "Upload evidence" })).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's reason when the appeal is refused", async () => {
    server.use(
      http.get(LIST, () => HttpResponse.json([request()])),
      http.post(`${LIST}/9/appeal`, () => apiError(409, "The time to appeal this decision has passed.")),
    );
    const { user } = renderWithApp(<PartyRequests />);
    await user.click(await screen.findByRole("button", { name: "Appeal" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Why should the reviewers look again?"), "Please look again");
    await user.click(within(dialog).getByRole("button", { name: "Send appeal" }));
    expect(await within(dialog).findByText("The time to appeal this decision has passed.")).toBeInTheDocument();
  });

  it("offers no appeal when the server says it cannot be appealed", async () => {
    server.use(http.get(LIST, () => HttpResponse.json([request({ canAppeal: false, appealDeadline: null })])));
    renderWithApp(<PartyRequests />);
    await screen.findByRole("link", { name: "Download certificate.pdf" });
    expect(screen.queryByRole("button", { name: "Appeal" })).toBeNull();
  });
});

describe("the owner's Verification tab", () => {
  it("links the evidence about them for download", async () => {
    server.use(
      http.get(LIST, () =>
        HttpResponse.json([request({ role: "subject", canAppeal: false, status: "appealed", notes: null })]),
      ),
    );
    renderWithApp(<VerificationTab />);
    const link = await screen.findByRole("link", { name: "Download certificate.pdf" });
    expect(link).toHaveAttribute("href", "/api/death-verification/requests/9/documents/7");
    expect(screen.getByText(/appealed the rejection/)).toBeInTheDocument();
  });
});

describe("the admin review queue", () => {
  it("lists an appeal with the earlier rejection, the requestor's reason and the documents to download", async () => {
    const appealed: DeathVerificationReviewDto = {
      ...request({ status: "appealed", appealedAt: "2026-11-28T10:00:00.000Z" }),
      subjectEmail: "yaa@example.com",
      requestorName: "Kofi Boateng",
      documents: [{ ...certificate, verificationNotes: null }],
      confirmations: [],
      activeParties: 1,
      confirmationsNeeded: 0,
      checks: {},
      breakdown: scoreOf({ ghanaHealthServiceCheck: true }).breakdown,
      reviewedAt: "2026-11-27T12:00:00.000Z",
      notes: "Certificate unreadable",
      appealReason: "Call the registry",
    };
    server.use(http.get("/api/admin/death-verifications", () => HttpResponse.json([appealed])));
    renderWithApp(<ReviewQueue />);
    const appeal = await screen.findByRole("region", { name: "Appeal" });
    expect(within(appeal).getByText("Earlier rejection: Certificate unreadable")).toBeInTheDocument();
    expect(within(appeal).getByText("Requestor's reason: Call the registry")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download certificate.pdf" })).toHaveAttribute(
      "href",
      "/api/admin/death-verifications/9/documents/7",
    );
    expect(screen.getByRole("button", { name: "Record review" })).toBeInTheDocument();
  });
});
