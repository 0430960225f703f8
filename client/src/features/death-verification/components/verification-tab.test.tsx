import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { DeathVerificationRequestDto } from "@shared/death-verification";
import { VerificationTab } from "@/features/death-verification/components/verification-tab";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

const LIST = "/api/death-verification/requests";

const rehearsal = (extra: Partial<DeathVerificationRequestDto> = {}): DeathVerificationRequestDto => ({
  id: 4,
  requestorType: "family_member",
  rehearsal: true,
  status: "pending",
  verificationScore: 0,
  waitingPeriodStart: null,
  waitingPeriodEnd: null,
  appealDeadline: null,
  appealedAt: null,
  createdAt: "2026-11-27T00:00:00.000Z",
  subjectUserId: 3,
  subjectName: "Ama Mensah",
  governmentRecordCheck: false,
  medicalRecordCheck: false,
  familyConfirmation: true,
  documentUpload: false,
  ghanaHealthServiceCheck: true,
  birthsDeathsRegistryCheck: true,
  ghanaCardVerification: false,
  mobileMoneyInactivity: false,
  role: "subject",
  confirmationCount: 0,
  myDecision: null,
  canConfirm: false,
  canAppeal: false,
  documents: [],
  notes: null,
  appealReason: null,
  ...extra,
});

describe("VerificationTab", () => {
  it("starts a rehearsal from the Family Member card with the spec's flags and message, then lists it", async () => {
    let rows: DeathVerificationRequestDto[] = [];
    let body: unknown;
    server.use(
      http.get(LIST, () => HttpResponse.json(rows)),
      http.post("/api/death-verification/request", async ({ request }) => {
        body = await request.json();
        rows = [rehearsal()];
        return HttpResponse.json(rows[0], { status: 201 });
      }),
    );
    const { user } = renderWithApp(<VerificationTab />);
    expect(await screen.findByText("No requests about you.")).toBeInTheDocument();
    expect(screen.getByText("Ghana Health Service")).toBeInTheDocument();
    const [family] = screen.getAllByRole("button", { name: "Start a rehearsal" });
    await user.click(family);
    expect(await screen.findByText("Death verification request created")).toBeInTheDocument();
    expect(body).toEqual({
      requestorType: "family_member",
      ghanaHealthServiceCheck: true,
      birthsDeathsRegistryCheck: true,
      familyConfirmation: true,
    });
    expect(await screen.findByText("Rehearsal")).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Add evidence" })).toBeInTheDocument();
  });

  it("shows the spec's failure message when the request fails", async () => {
    server.use(
      http.get(LIST, () => HttpResponse.json([])),
      http.post("/api/death-verification/request", () => apiError(500, "Something went wrong")),
    );
    const { user } = renderWithApp(<VerificationTab />);
    const [, party] = await screen.findAllByRole("button", { name: "Start a rehearsal" });
    await user.click(party);
    expect(await screen.findByText(/Failed to create verification request/)).toBeInTheDocument();
  });
});
