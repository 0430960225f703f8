import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { scoreOf, type DeathVerificationReviewDto } from "@shared/death-verification";
import { ReviewQueue } from "@/features/death-verification/components/review-queue";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

const QUEUE = "/api/admin/death-verifications";

function item(extra: Partial<DeathVerificationReviewDto> = {}): DeathVerificationReviewDto {
  return {
    id: 5,
    requestorType: "trusted_party",
    rehearsal: false,
    status: "in_review",
    verificationScore: 0,
    waitingPeriodStart: null,
    waitingPeriodEnd: null,
    appealDeadline: null,
    appealedAt: null,
    createdAt: "2026-11-27T00:00:00.000Z",
    subjectUserId: 3,
    subjectName: "Yaa Asantewaa",
    subjectEmail: "yaa@example.com",
    requestorName: "Kofi Boateng",
    governmentRecordCheck: false,
    medicalRecordCheck: false,
    familyConfirmation: false,
    documentUpload: false,
    ghanaHealthServiceCheck: false,
    birthsDeathsRegistryCheck: false,
    ghanaCardVerification: false,
    mobileMoneyInactivity: false,
    documents: [
      {
        id: 11,
        documentType: "death_certificate",
        fileName: "certificate.pdf",
        fileSize: 2048,
        mimeType: "application/pdf",
        verificationStatus: "pending",
        createdAt: "2026-11-27T00:00:00.000Z",
        verificationNotes: null,
      },
    ],
    confirmations: [{ partyName: "Ama", decision: "confirm", createdAt: "2026-11-27T00:00:00.000Z" }],
    activeParties: 2,
    confirmationsNeeded: 2,
    checks: {},
    breakdown: scoreOf({ familyConfirmation: true }).breakdown,
    reviewedAt: null,
    notes: null,
    appealReason: null,
    ...extra,
  };
}

describe("ReviewQueue and ReviewForm", () => {
  it("shows the documents, confirmations and breakdown, and refuses a confirmed source without its reference", async () => {
    let posted = 0;
    server.use(
      http.get(QUEUE, () => HttpResponse.json([item()])),
      http.post(`${QUEUE}/5/review`, () => {
        posted++;
        return HttpResponse.json(item({ status: "verified" }));
      }),
    );
    const { user } = renderWithApp(<ReviewQueue />);
    expect(await screen.findByRole("link", { name: "Download certificate.pdf" })).toHaveAttribute(
      "href",
      "/api/admin/death-verifications/5/documents/11",
    );
    expect(screen.getByText("Ama: confirm")).toBeInTheDocument();
    await user.click(screen.getByLabelText("Ghana Health Service confirmed"));
    await user.click(screen.getByRole("button", { name: "Record review" }));
    expect(await screen.findByLabelText("Ghana Health Service reference")).toHaveAccessibleDescription(
      "Enter the reference the source gave",
    );
    expect(posted).toBe(0);
  });

  it("sends what the admin recorded, shows the score by the published weights, and the server's refusal", async () => {
    let body: unknown;
    server.use(
      http.get(QUEUE, () => HttpResponse.json([item()])),
      http.post(`${QUEUE}/5/review`, async ({ request }) => {
        body = await request.json();
        return apiError(409, "This person has several trusted parties: 2 must confirm first.");
      }),
    );
    const { user } = renderWithApp(<ReviewQueue />);
    await user.click(await screen.findByLabelText("Births & Deaths Registry confirmed"));
    await user.type(screen.getByLabelText("Births & Deaths Registry reference"), "BDR/77");
    await user.click(screen.getByLabelText("Ghana Health Service confirmed"));
    await user.type(screen.getByLabelText("Ghana Health Service reference"), "GHS-1");
    // 25 + 20 + family 10 + accepted document 10
    expect(screen.getByText(/Score: 65 \/ 100/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Record review" }));
    expect(
      await screen.findByText("This person has several trusted parties: 2 must confirm first."),
    ).toBeInTheDocument();
    expect(body).toMatchObject({
      decision: "verify",
      documents: [{ id: 11, status: "verified" }],
      checks: {
        birthsDeathsRegistryCheck: { confirmed: true, reference: "BDR/77" },
        ghanaHealthServiceCheck: { confirmed: true, reference: "GHS-1" },
        ghanaCardVerification: { confirmed: false },
      },
    });
  });
});
