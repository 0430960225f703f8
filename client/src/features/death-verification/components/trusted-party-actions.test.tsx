import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { DeathVerificationRequestDto } from "@shared/death-verification";
import { PartyRequests } from "@/features/death-verification/components/party-requests";
import { server } from "@/testing/mocks/server";
import { renderWithApp } from "@/testing/test-utils";

const LIST = "/api/death-verification/requests";
function request(extra: Partial<DeathVerificationRequestDto> = {}): DeathVerificationRequestDto {
  return {
    id: 9,
    requestorType: "trusted_party",
    rehearsal: false,
    status: "pending",
    verificationScore: 0,
    waitingPeriodStart: null,
    waitingPeriodEnd: null,
    appealDeadline: null,
    appealedAt: null,
    createdAt: "2026-11-27T00:00:00.000Z",
    subjectUserId: 41,
    subjectName: "Yaa Asantewaa",
    governmentRecordCheck: false,
    medicalRecordCheck: false,
    familyConfirmation: true,
    documentUpload: false,
    ghanaHealthServiceCheck: true,
    birthsDeathsRegistryCheck: true,
    ghanaCardVerification: false,
    mobileMoneyInactivity: false,
    role: "party",
    confirmationCount: 0,
    myDecision: null,
    canConfirm: true,
    canAppeal: false,
    documents: [],
    notes: null,
    appealReason: null,
    ...extra,
  };
}

describe("PartyRequests", () => {
  it("lets another party confirm once, then shows the answer", async () => {
    let answered: unknown;
    let rows = [request()];
    server.use(
      http.get(LIST, () => HttpResponse.json(rows)),
      http.post(`${LIST}/9/confirm`, async ({ request: req }) => {
        answered = await req.json();
        rows = [request({ canConfirm: false, myDecision: "confirm" })];
        return HttpResponse.json({ decision: "confirm" });
      }),
    );
    const { user } = renderWithApp(<PartyRequests />);
    await user.click(await screen.findByRole("button", { name: "Confirm the death" }));
    expect(await screen.findByText("You answered: confirm")).toBeInTheDocument();
    expect(answered).toEqual({ decision: "confirm" });
    expect(screen.queryByRole("button", { name: "Confirm the death" })).toBeNull();
  });

  it("lets the requestor add evidence: type required, then the file goes up", async () => {
    // the multipart body as sent (read as text: Node 24's FormData parser refuses jsdom's File)
    let uploaded = "";
    server.use(
      http.get(LIST, () => HttpResponse.json([request({ role: "requestor", canConfirm: false })])),
      http.post(`${LIST}/9/documents`, async ({ request: req }) => {
        uploaded = await req.text();
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const { user } = renderWithApp(<PartyRequests />);
    await user.click(await screen.findByRole("button", { name: "Upload evidence" }));
    expect(await screen.findByLabelText("Document type")).toHaveAccessibleDescription("Choose the document type");
    await user.selectOptions(screen.getByLabelText("Document type"), "death certificate");
    await user.upload(screen.getByLabelText("File (PDF, JPG or PNG)"), new File(["%PDF-1.4"], "cert.pdf"));
    await user.click(screen.getByRole("button", { name: "Upload evidence" }));
    expect(await screen.findByText("cert.pdf was uploaded.")).toBeInTheDocument();
    expect(uploaded).toMatch(/name="documentType"\r\n\r\ndeath_certificate\r\n/);
  });
});
